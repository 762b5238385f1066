import type { Change } from '../domain/changes';

/**
 * How the replicas share the live changes: each replica publishes the changes of the events it
 * consumed (after their transaction committed) and hears every replica's, its own included, so a
 * gateway's Live call to any replica hears everything. A message is one batch of changes, kept in
 * order. At most once: a subscriber that loses its link says so (`onInterrupted`), and the gateways
 * then tell every page to refetch.
 */
export interface LiveChannel {
  publish(changes: Change[]): Promise<void>;
  /** Starts delivering every replica's batches to `listener`. */
  listen(listener: (changes: Change[]) => void, onInterrupted: (reason: string) => void): Promise<void>;
  close(): Promise<void>;
}

export function parseBatch(raw: string): Change[] | undefined {
  try {
    const value: unknown = JSON.parse(raw);
    if (Array.isArray(value) && value.every((c) => typeof c === 'object' && c !== null))
      return value as Change[];
  } catch {
    // not ours: ignored
  }
  return undefined;
}
