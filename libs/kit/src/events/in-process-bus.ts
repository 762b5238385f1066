import type { Logger } from 'pino';
import type { BusMessage, EventBus, Subscription } from './bus';

interface Group {
  subscription: Subscription;
  /** Tail of the delivery chain per key: keeps per-key order within the group. */
  tails: Map<string, Promise<void>>;
}

const RETRY_DELAYS_MS = [10, 50, 250, 1_000];

/**
 * The embedded-mode bus. publish() resolves only once every subscribed group has handled each
 * message, so the outbox marks a row published only after delivery: nothing is lost if the
 * process dies, and an unfinished delivery is simply published again after restart.
 */
export class InProcessBus implements EventBus {
  private readonly groups = new Map<string, Group>();
  private closed = false;
  private resumeDelivery!: () => void;
  /** Publishing waits for this: in embedded mode, until every service has subscribed. */
  private readonly open = new Promise<void>((resolve) => (this.resumeDelivery = resolve));

  /**
   * `paused`: hold every publish until resume(). The embedded launcher starts services one by one;
   * without the pause, an early service's relay could publish leftover outbox rows before a later
   * service subscribed, and that service would never see them.
   */
  constructor(
    private readonly logger: Logger,
    options: { paused?: boolean } = {},
  ) {
    if (!options.paused) this.resumeDelivery();
  }

  resume(): void {
    this.resumeDelivery();
  }

  /**
   * Hands `messages` to one group's batch handler at once, as the Kafka bus hands over a fetch
   * (this bus otherwise delivers one message at a time): for tests of batch handling.
   */
  async deliverAsOneFetch(group: string, messages: BusMessage[]): Promise<void> {
    const subscription = this.groups.get(group)?.subscription;
    if (!subscription?.batchHandler) throw new Error(`no batch handler subscribed for ${group}`);
    await subscription.batchHandler(messages);
  }

  async publish(messages: BusMessage[]): Promise<void> {
    await this.open;
    if (this.closed) throw new Error('event bus is closed');
    const deliveries: Promise<void>[] = [];
    for (const message of messages) {
      for (const group of this.groups.values()) {
        if (!group.subscription.topics.includes(message.topic)) continue;
        const tail = group.tails.get(message.key) ?? Promise.resolve();
        const next = tail.then(() => this.deliver(group.subscription, message));
        group.tails.set(
          message.key,
          next.catch(() => {}),
        );
        deliveries.push(next);
        void next
          .finally(() => {
            if (group.tails.get(message.key) === next) group.tails.delete(message.key);
          })
          .catch(() => {});
      }
    }
    await Promise.all(deliveries);
  }

  subscribe(subscription: Subscription): Promise<void> {
    if (this.groups.has(subscription.group)) {
      return Promise.reject(new Error(`consumer group ${subscription.group} is already subscribed`));
    }
    this.groups.set(subscription.group, { subscription, tails: new Map() });
    return Promise.resolve();
  }

  async close(): Promise<void> {
    this.closed = true;
    this.resumeDelivery();
    await Promise.allSettled([...this.groups.values()].flatMap((g) => [...g.tails.values()]));
    this.groups.clear();
  }

  private async deliver(subscription: Subscription, message: BusMessage): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      try {
        await subscription.handler(message);
        return;
      } catch (error) {
        const delay = RETRY_DELAYS_MS[attempt];
        if (delay === undefined || this.closed) throw error;
        this.logger.warn(
          { err: error, group: subscription.group, topic: message.topic, attempt: attempt + 1 },
          'event handler failed, retrying',
        );
        await new Promise((resolve) => setTimeout(resolve, delay));
      }
    }
  }
}
