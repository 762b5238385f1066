import { hostname } from 'node:os';
import type { Logger } from '@touchline/kit';
import type { LiveMessage__Output } from '@touchline/protos/gen/touchline/notifications/LiveMessage';
import type { NotificationsClient } from '../clients/notifications';

const BACKOFF_MIN_MS = 250;
const BACKOFF_MAX_MS = 5_000;

/**
 * The gateway process's one Live subscription to notifications. It reconnects with backoff until
 * stopped; `onReady(resumed)` fires when a call is established (the service's first, empty message),
 * with `resumed` true after an interruption: changes may have been lost meanwhile.
 */
export class LiveUpstream {
  private call: ReturnType<NotificationsClient['live']> | undefined;
  private retry: NodeJS.Timeout | undefined;
  private backoff = BACKOFF_MIN_MS;
  private wasReady = false;
  private ready = false;
  private running = false;
  private waiters: (() => void)[] = [];

  constructor(
    private readonly client: NotificationsClient,
    private readonly logger: Logger,
    private readonly handlers: {
      onMessage(message: LiveMessage__Output): void;
      onReady(resumed: boolean): void;
      /** The call broke (it reconnects): changes may be lost until the next onReady. */
      onLost?(): void;
    },
  ) {}

  get isReady(): boolean {
    return this.ready;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.connect();
  }

  /** Resolves when a call is established, or after `timeoutMs` (the stream then learns later, by a resync). */
  whenReady(timeoutMs: number): Promise<void> {
    if (this.ready) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.waiters = this.waiters.filter((w) => w !== done);
        resolve();
      };
      const timer = setTimeout(done, timeoutMs);
      this.waiters.push(done);
    });
  }

  stop(): void {
    this.running = false;
    this.ready = false;
    this.wasReady = false;
    clearTimeout(this.retry);
    this.call?.cancel();
    this.call = undefined;
  }

  private connect(): void {
    let call: ReturnType<NotificationsClient['live']>;
    try {
      call = this.client.live({ subscriber: `${hostname()}:${process.pid}` });
    } catch (error) {
      // The client was closed (the process is shutting down): nothing to reconnect to.
      this.logger.warn({ err: error }, 'live subscription cannot start: stopped');
      this.stop();
      return;
    }
    this.call = call;
    call.on('data', (message: LiveMessage__Output) => {
      if (call !== this.call) return;
      if (!this.ready) {
        this.ready = true;
        this.backoff = BACKOFF_MIN_MS;
        this.handlers.onReady(this.wasReady);
        this.wasReady = true;
        for (const waiter of this.waiters.splice(0)) waiter();
      }
      this.handlers.onMessage(message);
    });
    const lost = (error?: Error) => {
      if (call !== this.call || !this.running) return;
      this.call = undefined;
      this.ready = false;
      this.handlers.onLost?.();
      this.logger.warn({ err: error, retryInMs: this.backoff }, 'live subscription lost: reconnecting');
      this.retry = setTimeout(() => this.running && this.connect(), this.backoff).unref();
      this.backoff = Math.min(this.backoff * 2, BACKOFF_MAX_MS);
    };
    call.on('error', lost);
    call.on('end', () => lost());
  }
}
