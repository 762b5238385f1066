import type { Logger } from '@touchline/kit';
import type { IntentView } from './provider';
import { stripeSignature, succeededEventPayload } from './succeeded-event';

export type WebhookHandler = (payload: Buffer, signature: string) => Promise<unknown>;

/** Stripe's schedule is hours long; in-process a handful of quick retries covers a busy database. */
const RETRY_DELAYS_MS = [1_000, 2_000, 4_000, 8_000];

/**
 * Plays Stripe's part for the test provider: the payment_intent.succeeded event, signed like Stripe
 * (succeeded-event.ts), and hands it to the wallet's webhook use case, the
 * code path real events take. Delivery is asynchronous and a little late, as with Stripe, so the
 * success page and the webhook both get to credit (and only one does).
 */
export class TestWebhookSender {
  private handler?: WebhookHandler;
  private readonly inFlight = new Set<Promise<void>>();
  /** Aborts the waits between attempts at shutdown. */
  private readonly closing = new AbortController();

  constructor(
    private readonly options: {
      secret: string;
      delayMs: number;
      logger: Logger;
    },
  ) {}

  /** Set once the use cases exist (they need the provider, the sender needs them). */
  deliverTo(handler: WebhookHandler): void {
    this.handler = handler;
  }

  succeeded(intent: IntentView): void {
    const delivery = this.deliver(succeededEventPayload(intent, 'test')).finally(() =>
      this.inFlight.delete(delivery),
    );
    this.inFlight.add(delivery);
  }

  /** Resolves when every delivery started so far has finished (tests; shutdown). */
  async settle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  /** Stops retrying and waits for the deliveries in flight. */
  async close(): Promise<void> {
    this.closing.abort();
    await this.settle();
  }

  private async deliver(payload: string): Promise<void> {
    const delays = [this.options.delayMs, ...RETRY_DELAYS_MS];
    for (const [attempt, delay] of delays.entries()) {
      await sleep(delay, this.closing.signal);
      if (this.closing.signal.aborted || !this.handler) return;
      // Signed at each attempt, like Stripe: the signature's time is the attempt's.
      const signature = await stripeSignature(payload, this.options.secret);
      try {
        await this.handler(Buffer.from(payload), signature);
        return;
      } catch (error) {
        this.options.logger.warn({ err: error, attempt }, 'test-mode webhook delivery failed');
      }
    }
    this.options.logger.error('test-mode webhook gave up: the success page confirmation credits instead');
  }
}

/** Resolves after `ms`, or at once when the signal aborts. */
function sleep(ms: number, signal: AbortSignal): Promise<void> {
  if (ms <= 0 || signal.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    timer.unref();
    signal.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
  });
}
