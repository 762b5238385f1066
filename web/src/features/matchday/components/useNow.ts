import { useEffect, useState } from 'react';

/**
 * The server's time now, ticking every second: the client's clock moved by how far it was from the
 * server's when the answer came (`serverNow` against `receivedAt`, the query's dataUpdatedAt), so a
 * phone whose clock is off still counts down to the server's kickoff.
 */
export function useServerNow(serverNow: string | undefined, receivedAt: number): number {
  const [tick, setTick] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setTick(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const offset = serverNow && receivedAt > 0 ? Date.parse(serverNow) - receivedAt : 0;
  return tick + offset;
}
