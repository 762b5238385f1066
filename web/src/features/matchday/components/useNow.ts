import { useEffect, useState } from 'react';

/**
 * The server's time now, ticking every second: the answer's `now` plus what the client's clock says
 * passed since, so a phone whose clock is off still counts down to the server's kickoff.
 */
export function useServerNow(serverNow: string | undefined): number {
  const [tick, setTick] = useState(() => Date.now());
  const [anchor, setAnchor] = useState<{ server: number; client: number } | null>(null);
  useEffect(() => {
    if (serverNow) setAnchor({ server: Date.parse(serverNow), client: Date.now() });
  }, [serverNow]);
  useEffect(() => {
    const timer = setInterval(() => setTick(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return anchor ? anchor.server + (tick - anchor.client) : tick;
}
