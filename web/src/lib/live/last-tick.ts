import { useSyncExternalStore } from 'react';

/**
 * When the prices on screen were last moved by a tick (the tick's own time, as the server stamped
 * it): the "updated N s ago" of every price screen. One value for the app, outside react-query: a
 * tick stamps it once, however many queries it patched.
 */
let lastTickAt: number | null = null;
const listeners = new Set<() => void>();

export function recordTick(at: string): void {
  const ms = Date.parse(at);
  if (!Number.isFinite(ms) || (lastTickAt !== null && ms <= lastTickAt)) return;
  lastTickAt = ms;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The last tick's time in ms, or null before the first tick of this page. */
export function useLastTickAt(): number | null {
  return useSyncExternalStore(subscribe, () => lastTickAt);
}

/** Tests start from no tick. */
export function resetLastTick(): void {
  lastTickAt = null;
}
