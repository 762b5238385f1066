import type { LiveMessage } from '@touchline/protos/gen/touchline/notifications/LiveMessage';
import type { Change } from '../domain/changes';

export interface LiveCall {
  write(message: LiveMessage): void;
  /** Ends the call (shutdown): the gateway reconnects to another replica and resyncs its streams. */
  end(): void;
}

/**
 * The open Live calls of this replica: one per gateway process, whatever number of browser streams
 * that gateway holds. Every change heard on the channel is written to each of them.
 */
export class LiveCalls {
  private readonly calls = new Set<LiveCall>();

  get size(): number {
    return this.calls.size;
  }

  add(call: LiveCall): () => void {
    this.calls.add(call);
    return () => this.calls.delete(call);
  }

  deliver(changes: Change[]): void {
    for (const call of this.calls) for (const change of changes) call.write(change);
  }

  /** This replica may have missed changes: every gateway listening here tells its streams to refetch. */
  interrupted(reason: string): void {
    this.deliver([{ audience: 'LIVE_AUDIENCE_EVERYONE', userId: 0, resync: { reason } }]);
  }

  /** A message without a change, so idle proxies keep the calls open. */
  keepAlive(): void {
    for (const call of this.calls) call.write({});
  }

  endAll(): void {
    for (const call of [...this.calls]) {
      this.calls.delete(call);
      call.end();
    }
  }
}
