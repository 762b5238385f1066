import { Redis } from 'ioredis';
import { parseSignal, type FeedSignals } from './signals';

/**
 * Signals over Redis pub/sub: every replica subscribes to one channel. Pub/sub is at-most-once (a
 * message sent while a subscriber reconnects is lost); the poll job makes up for that.
 */
export function createRedisSignals(url: string, channel: string): FeedSignals {
  const publisher = new Redis(url, { maxRetriesPerRequest: 2 });
  let subscriber: Redis | undefined;
  return {
    async publish(signal) {
      await publisher.publish(channel, JSON.stringify(signal));
    },
    async listen(listener) {
      subscriber ??= new Redis(url, { maxRetriesPerRequest: null });
      subscriber.on('message', (from: string, raw: string) => {
        const signal = from === channel ? parseSignal(raw) : undefined;
        if (signal) listener(signal);
      });
      await subscriber.subscribe(channel);
    },
    async close() {
      await Promise.allSettled([publisher.quit(), subscriber?.quit()]);
    },
  };
}
