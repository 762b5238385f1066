// The embedded app's heap once it is ready: sized for memory rather than speed.
import v8 from 'node:v8';
import vm from 'node:vm';

/**
 * Once `started` resolves: V8 sizes the heap for memory (--optimize-for-size: it grows the heap less
 * before collecting), and one full collection drops what the start left behind (migrations, the
 * seed, every module's set-up). The embedded app is nine services in one process on a player's
 * machine: with V8's defaults, sign-ups after a start left most of the heap as garbage (figures in
 * docs/performance.md, Memory). Not from the start itself: the flag made a restart slower. `gc`
 * comes from a context made after --expose-gc, so the app's own global has none.
 */
export function keepHeapSmallOnceStarted(started) {
  return Promise.resolve(started).then(
    () => {
      v8.setFlagsFromString('--optimize-for-size');
      v8.setFlagsFromString('--expose-gc');
      vm.runInNewContext('gc')();
    },
    () => {},
  );
}
