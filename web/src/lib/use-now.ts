import { useSyncExternalStore } from 'react';

/**
 * The time, re-read every second by one timer shared by every component that shows an age ("updated
 * 12 s ago"): the timer runs only while one of them is mounted.
 */
const TICK_MS = 1_000;

let now = Date.now();
let timer: ReturnType<typeof setInterval> | undefined;
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (!timer) {
    now = Date.now();
    timer = setInterval(() => {
      now = Date.now();
      for (const each of listeners) each();
    }, TICK_MS);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

/** Date.now(), at most a second old; re-renders the caller once a second. */
export function useNow(): number {
  return useSyncExternalStore(subscribe, () => now);
}
