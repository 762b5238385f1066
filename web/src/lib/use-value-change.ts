import { useEffect, useState } from 'react';

export type ValueChange = 'up' | 'down' | null;

/**
 * Which way `value` last moved, for `holdMs` after it moved (null before and after): what a figure
 * that changes under the user's eyes (the balance after a sale elsewhere) highlights. The first value
 * known is no change.
 */
export function useValueChange(value: number | undefined, holdMs = 1_500): ValueChange {
  const [previous, setPrevious] = useState(value);
  const [change, setChange] = useState<{ to: ValueChange; at: number }>({ to: null, at: 0 });
  // Derived while rendering (not in an effect), so the highlight shows in the same frame as the value.
  if (value !== previous) {
    setPrevious(value);
    if (previous !== undefined && value !== undefined)
      setChange(({ at }) => ({ to: value > previous ? 'up' : 'down', at: at + 1 }));
  }
  useEffect(() => {
    if (change.to === null) return;
    const timer = setTimeout(() => setChange(({ at }) => ({ to: null, at })), holdMs);
    return () => clearTimeout(timer);
  }, [change, holdMs]);
  return change.to;
}
