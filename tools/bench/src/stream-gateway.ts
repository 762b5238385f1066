/**
 * bench:stream's gateway process: the gateway's own main, plus an IPC answer to `memory` that forces
 * two full collections first (node --expose-gc), so what the bench reads is what the streams retain,
 * not garbage the collector has not reached yet. Optional: `heap-snapshot` writes one to the given path.
 */
import { writeHeapSnapshot } from 'node:v8';

declare const gc: (() => void) | undefined;

process.on('message', (message: { type: string; path?: string }) => {
  if (message.type === 'memory') {
    gc?.();
    gc?.();
    const { rss, heapUsed, external, arrayBuffers } = process.memoryUsage();
    process.send?.({ type: 'memory', rss, heapUsed, external, arrayBuffers });
  } else if (message.type === 'heap-snapshot' && message.path) {
    gc?.();
    process.send?.({ type: 'heap-snapshot', path: writeHeapSnapshot(message.path) });
  }
});

void import('../../../gateway/src/main');
