import { EventEmitter } from 'node:events';
import type { Change } from '../domain/changes';
import type { LiveChannel } from './channel';

/** The channel within one process (embedded mode); tests hand one instance to several replicas, as one Redis. */
export function createMemoryChannel(): LiveChannel {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const listeners: ((changes: Change[]) => void)[] = [];
  return {
    publish(changes) {
      // Asynchronous, like a message over the network: never inside the publisher's call stack.
      setImmediate(() => emitter.emit('changes', changes));
      return Promise.resolve();
    },
    listen(listener) {
      listeners.push(listener);
      emitter.on('changes', listener);
      return Promise.resolve();
    },
    close() {
      for (const listener of listeners.splice(0)) emitter.off('changes', listener);
      return Promise.resolve();
    },
  };
}
