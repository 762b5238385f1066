import { useEffect, useState } from 'react';

/** How long a moved price stays marked. */
export const PRICE_FLASH_MS = 2_000;

export type PriceFlash = 'up' | 'down' | null;

/**
 * Whether the value just rose or fell: set when it changes after the first render (a tick patched
 * the cache), cleared PRICE_FLASH_MS later. A row drawn anew (scrolled into view, another filter)
 * starts without a flash.
 */
export function usePriceFlash(value: number): { flash: PriceFlash; since: number } {
  const [shown, setShown] = useState(value);
  const [flash, setFlash] = useState<{ direction: PriceFlash; since: number }>({ direction: null, since: 0 });
  if (value !== shown) {
    // Adjusting state while rendering: React re-renders at once, before painting the old flash.
    setShown(value);
    setFlash((current) => ({ direction: value > shown ? 'up' : 'down', since: current.since + 1 }));
  }
  useEffect(() => {
    if (!flash.direction) return;
    const timer = setTimeout(() => setFlash((current) => ({ ...current, direction: null })), PRICE_FLASH_MS);
    return () => clearTimeout(timer);
  }, [flash]);
  return { flash: flash.direction, since: flash.since };
}
