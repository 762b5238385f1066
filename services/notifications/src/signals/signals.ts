/**
 * How replicas tell each other that a user's feed changed: "created" (new notifications to send) or
 * "read" (the unread count moved). A signal carries no notification: a stream that hears one reads
 * Postgres for what it has not sent yet, so a lost or repeated signal costs nothing but latency
 * (and the poll job covers a lost one).
 */
export interface FeedSignal {
  userId: number;
  change: 'created' | 'read';
}

export interface FeedSignals {
  publish(signal: FeedSignal): Promise<void>;
  /** Starts delivering every replica's signals (this one's included) to `listener`. */
  listen(listener: (signal: FeedSignal) => void): Promise<void>;
  close(): Promise<void>;
}

export function parseSignal(raw: string): FeedSignal | undefined {
  try {
    const value = JSON.parse(raw) as Partial<FeedSignal>;
    if (Number.isSafeInteger(value.userId) && (value.change === 'created' || value.change === 'read'))
      return { userId: value.userId!, change: value.change };
  } catch {
    // not ours: ignored
  }
  return undefined;
}
