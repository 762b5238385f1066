import { EventEmitter } from 'node:events';
import type { FeedSignal, FeedSignals } from './signals';

/** Signals within one process (embedded mode); tests hand one instance to several replicas, as one Redis. */
export function createMemorySignals(): FeedSignals {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const listeners: ((signal: FeedSignal) => void)[] = [];
  return {
    publish(signal) {
      // Asynchronous, like a message over the network: never inside the publisher's call stack.
      setImmediate(() => emitter.emit('signal', signal));
      return Promise.resolve();
    },
    listen(listener) {
      listeners.push(listener);
      emitter.on('signal', listener);
      return Promise.resolve();
    },
    close() {
      for (const listener of listeners.splice(0)) emitter.off('signal', listener);
      return Promise.resolve();
    },
  };
}
