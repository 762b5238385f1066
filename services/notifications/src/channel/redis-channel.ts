import { Redis } from 'ioredis';
import { parseBatch, type LiveChannel } from './channel';

/**
 * The channel over Redis pub/sub: every replica subscribes to one channel. Pub/sub is at-most-once:
 * what is published while a subscriber reconnects is lost to it, so every reconnection after the
 * first is reported as an interruption (ioredis subscribes again by itself).
 */
export function createRedisChannel(url: string, channel: string): LiveChannel {
  const publisher = new Redis(url, { maxRetriesPerRequest: 2 });
  let subscriber: Redis | undefined;
  return {
    async publish(changes) {
      await publisher.publish(channel, JSON.stringify(changes));
    },
    async listen(listener, onInterrupted) {
      subscriber ??= new Redis(url, { maxRetriesPerRequest: null });
      subscriber.on('message', (from: string, raw: string) => {
        const changes = from === channel ? parseBatch(raw) : undefined;
        if (changes) listener(changes);
      });
      let ready = 0;
      subscriber.on('ready', () => {
        if (++ready > 1) onInterrupted('the notifications channel reconnected');
      });
      await subscriber.subscribe(channel);
    },
    async close() {
      await Promise.allSettled([publisher.quit(), subscriber?.quit()]);
    },
  };
}
