import { useEffect, useState } from 'react';

/** The longest a deferred start waits for the browser to be idle. */
const IDLE_TIMEOUT_MS = 2_000;

/**
 * False until the browser has been idle once after the component mounted (or IDLE_TIMEOUT_MS
 * passed). For background work a screen does not show at first: the live notifications stream, the
 * bell's unread count and the trade-offer poll. Started beside the first screen's data, their
 * answers re-rendered the page in the middle of its first render, on a phone a long task each.
 */
export function useIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (typeof window.requestIdleCallback !== 'function') {
      const timer = setTimeout(() => setIdle(true), 0);
      return () => clearTimeout(timer);
    }
    const handle = window.requestIdleCallback(() => setIdle(true), { timeout: IDLE_TIMEOUT_MS });
    return () => window.cancelIdleCallback(handle);
  }, []);
  return idle;
}
