import { outsideRequest, type Logger } from '@touchline/kit';
import type { LiveMessage__Output } from '@touchline/protos/gen/touchline/notifications/LiveMessage';
import type { NotificationsClient } from '../clients/notifications';
import type { GatewayConfig } from '../config';
import { REFUSALS, type Refusal } from '../middleware/shedding';
import type { Session, SessionVerifier } from '../session';
import type { LiveClosed } from '@touchline/contract';
import { SESSION_ENDED } from './endings';
import { EveryoneBatch } from './everyone-batch';
import { frameOf, toFrame, type LiveFrame } from './events';
import type { LiveStream } from './live-stream';
import { LiveUpstream } from './upstream';

type HubConfig = Pick<
  GatewayConfig,
  | 'SSE_HEARTBEAT_MS'
  | 'SSE_SESSION_CHECK_MS'
  | 'SSE_RETRY_MS'
  | 'LIVE_STREAMS_PER_USER'
  | 'LIVE_STREAMS_PER_ADDRESS'
  | 'LIVE_STREAMS_CAPACITY'
  | 'LIVE_EVERYONE_BATCH_MS'
>;

const HEARTBEAT = Buffer.from(': heartbeat\n\n');
/** Writes per turn of the event loop when a frame fans out. */
const FANOUT_SLICE = 256;
/** The upstream subscription outlives the last stream this long, so a reload does not resubscribe. */
const UPSTREAM_LINGER_MS = 60_000;

/**
 * Hears the process's live changes besides the streams (the shared answers): every message as the
 * upstream sends it, and `reset` whenever changes may have been missed (the link broke or came up).
 */
export interface LiveWatcher {
  change(message: LiveMessage__Output): void;
  reset(): void;
}

/**
 * The live streams of this gateway process. One Live subscription to notifications brings every
 * change; each is mapped and serialised once, then written to the streams of its audience (every
 * stream, admin sessions, or one user's), all in memory. Heartbeats and session checks run from one
 * timer over all streams. Limits: streams per user (the oldest is replaced), per client address and
 * per process (refused).
 */
export class LiveHub {
  private readonly streams = new Set<LiveStream>();
  private readonly byUser = new Map<number, LiveStream[]>();
  private readonly admins = new Set<LiveStream>();
  private readonly watchers = new Set<LiveWatcher>();
  private readonly byAddress = new Map<string, number>();
  private readonly upstream: LiveUpstream;
  /** Frames being fanned out, oldest first, each with the streams it was for when it arrived. */
  private readonly outbox: { frame: LiveFrame; targets: LiveStream[]; next: number }[] = [];
  /** Frames for every stream, written together (LIVE_EVERYONE_BATCH_MS). */
  private readonly everyone: EveryoneBatch;
  private timer: NodeJS.Timeout | undefined;
  private linger: NodeJS.Timeout | undefined;
  private nextHeartbeat = 0;
  private nextSessionCheck = 0;
  private checking = false;
  private closed = false;

  constructor(
    private readonly config: HubConfig,
    notifications: NotificationsClient,
    private readonly verifier: SessionVerifier,
    private readonly logger: Logger,
    /** Why a user's session was closed (a ban says so, with its reason); a plain session end without it. */
    private readonly whyEnded: (userId: number) => Promise<LiveClosed> = async () => SESSION_ENDED,
  ) {
    this.everyone = new EveryoneBatch(config.LIVE_EVERYONE_BATCH_MS, (bytes) =>
      this.fanOut({ audience: { kind: 'everyone' }, bytes }),
    );
    this.upstream = new LiveUpstream(notifications, logger, {
      onMessage: (message) => this.onMessage(message),
      onReady: (resumed) => {
        for (const watcher of this.watchers) watcher.reset();
        if (resumed) this.resync('the server reconnected to its live events');
      },
      onLost: () => {
        for (const watcher of this.watchers) watcher.reset();
      },
    });
  }

  get size(): number {
    return this.streams.size;
  }

  /** Whether the Live subscription is up now: what watchers hear is then every change. */
  get linked(): boolean {
    return this.upstream.isReady;
  }

  /** `watcher` hears every change from now on; the subscription then stays up without streams. */
  watch(watcher: LiveWatcher): void {
    if (this.closed) return;
    this.watchers.add(watcher);
    clearTimeout(this.linger);
    this.upstream.start();
  }

  /** Why a new stream of this user from this address is refused, if it is. */
  admit(address: string): Refusal | undefined {
    if (this.closed) return REFUSALS.liveRestarting;
    if (this.streams.size >= this.config.LIVE_STREAMS_CAPACITY) return REFUSALS.liveFull;
    if ((this.byAddress.get(address) ?? 0) >= this.config.LIVE_STREAMS_PER_ADDRESS)
      return REFUSALS.liveTooManyFromAddress;
    return undefined;
  }

  /** Registers a stream (it buffers live frames until goLive); a user over the limit loses the oldest. */
  add(stream: LiveStream): void {
    this.streams.add(stream);
    const mine = this.byUser.get(stream.userId) ?? [];
    mine.push(stream);
    this.byUser.set(stream.userId, mine);
    if (stream.session.isAdmin) this.admins.add(stream);
    this.byAddress.set(stream.address, (this.byAddress.get(stream.address) ?? 0) + 1);
    stream.onClose(() => this.remove(stream));
    while (mine.length > this.config.LIVE_STREAMS_PER_USER) {
      const oldest = mine[0]!;
      this.remove(oldest);
      oldest.close(
        { reason: 'replaced', message: 'Live updates continue in your newer tab or window' },
        this.config.SSE_RETRY_MS,
      );
    }
    clearTimeout(this.linger);
    // Process-wide work, started by whichever stream opens first: not held to that request's budget.
    outsideRequest(() => {
      this.upstream.start();
      this.timer ??= setInterval(() => this.tick(), this.tickMs()).unref();
    });
  }

  remove(stream: LiveStream): void {
    if (!this.streams.delete(stream)) return;
    const mine = this.byUser.get(stream.userId)!;
    mine.splice(mine.indexOf(stream), 1);
    if (mine.length === 0) this.byUser.delete(stream.userId);
    this.admins.delete(stream);
    const count = this.byAddress.get(stream.address)! - 1;
    if (count === 0) this.byAddress.delete(stream.address);
    else this.byAddress.set(stream.address, count);
    if (this.streams.size === 0) {
      clearInterval(this.timer);
      this.timer = undefined;
      if (this.watchers.size > 0) return;
      this.linger = setTimeout(() => this.upstream.stop(), UPSTREAM_LINGER_MS).unref();
    }
  }

  /**
   * Ends every stream of the user in this process at once with `closed` (a ban: the banned player's
   * open screen shows it now, not at the next session check). Other processes end theirs at their
   * session check, with the same explanation.
   */
  endUser(userId: number, closed: LiveClosed): void {
    for (const stream of [...(this.byUser.get(userId) ?? [])]) {
      this.remove(stream);
      stream.close(closed, this.config.SSE_RETRY_MS);
    }
  }

  /** Waits (a little) for the upstream subscription, so a stream's replay and its live events meet. */
  upstreamReady(timeoutMs: number): Promise<void> {
    return this.upstream.whenReady(timeoutMs);
  }

  /** Shutdown: every stream ends with `closed` (shutdown) and reconnects elsewhere. */
  close(): void {
    this.closed = true;
    for (const stream of [...this.streams]) {
      this.remove(stream);
      stream.close(
        { reason: 'shutdown', message: 'The server is restarting: reconnecting' },
        this.config.SSE_RETRY_MS,
      );
    }
    clearTimeout(this.linger);
    this.everyone.clear();
    this.watchers.clear();
    this.upstream.stop();
  }

  private onMessage(message: LiveMessage__Output): void {
    for (const watcher of this.watchers) watcher.change(message);
    const frame = toFrame(message);
    if (!frame) return;
    if ('error' in frame) {
      this.logger.warn({ error: frame.error }, 'live change does not fit the contract: dropped');
      return;
    }
    this.deliver(frame);
  }

  /**
   * A frame for every stream waits for the others of its moment (LIVE_EVERYONE_BATCH_MS) and goes
   * with them, in order, as one write per stream: a crowd's market changes cost the streams a few
   * writes a second, not one per change. A user's or the admins' frames go at once; they may pass
   * such a frame still waiting, which no screen minds (each kind of change stands alone).
   */
  private deliver(frame: LiveFrame): void {
    if (frame.audience.kind === 'everyone') this.everyone.add(frame.bytes);
    else this.fanOut(frame);
  }

  /**
   * Frames go out in order, at most FANOUT_SLICE writes per turn of the event loop: a tick to
   * thousands of streams lets the requests of everyone else in between.
   */
  private fanOut(frame: LiveFrame): void {
    const { audience } = frame;
    const targets =
      audience.kind === 'everyone'
        ? [...this.streams]
        : audience.kind === 'admins'
          ? [...this.admins]
          : [...(this.byUser.get(audience.userId) ?? [])];
    if (targets.length === 0) return;
    this.outbox.push({ frame, targets, next: 0 });
    if (this.outbox.length === 1) this.drain();
  }

  private drain(): void {
    let budget = FANOUT_SLICE;
    while (this.outbox.length > 0 && budget > 0) {
      const job = this.outbox[0]!;
      const end = Math.min(job.targets.length, job.next + budget);
      for (let i = job.next; i < end; i++) job.targets[i]!.deliver(job.frame);
      budget -= end - job.next;
      job.next = end;
      if (job.next === job.targets.length) this.outbox.shift();
    }
    if (this.outbox.length > 0) setImmediate(() => this.drain());
  }

  private resync(reason: string): void {
    this.logger.info({ streams: this.streams.size }, 'live streams resync');
    this.deliver({ audience: { kind: 'everyone' }, bytes: frameOf('resync', { reason }) });
  }

  private tickMs(): number {
    return Math.min(this.config.SSE_HEARTBEAT_MS, this.config.SSE_SESSION_CHECK_MS);
  }

  private tick(): void {
    const now = Date.now();
    if (now >= this.nextHeartbeat) {
      this.nextHeartbeat = now + this.config.SSE_HEARTBEAT_MS - 1;
      for (const stream of this.streams) if (!stream.pending) stream.write(HEARTBEAT);
    }
    if (now >= this.nextSessionCheck && !this.checking) {
      this.nextSessionCheck = now + this.config.SSE_SESSION_CHECK_MS - 1;
      this.checking = true;
      void this.checkSessions(now).finally(() => (this.checking = false));
    }
  }

  /** Each distinct session once; the streams of one that is no longer valid end with `closed` (session). */
  private async checkSessions(now: number): Promise<void> {
    const sessions = new Map<string, { session: Session; streams: LiveStream[] }>();
    for (const stream of this.streams) {
      const entry = sessions.get(stream.session.sessionId);
      if (entry) entry.streams.push(stream);
      else sessions.set(stream.session.sessionId, { session: stream.session, streams: [stream] });
    }
    for (const { session, streams } of sessions.values()) {
      let valid: boolean;
      try {
        valid = await this.verifier.stillValid(session, now);
      } catch {
        continue; // identity unreachable: the last known revocations already answered
      }
      if (valid) continue;
      // An expired token is renewed by the browser's reconnect; a revoked session is over.
      const expired = now >= session.tokenExpiresAt;
      const closed = expired ? undefined : await this.whyEnded(session.userId).catch(() => SESSION_ENDED);
      for (const stream of streams) {
        this.remove(stream);
        if (!closed) stream.end();
        else stream.close(closed, this.config.SSE_RETRY_MS);
      }
    }
  }
}
