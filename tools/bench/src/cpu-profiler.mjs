// Loaded with `--import` (NODE_OPTIONS refuses --cpu-prof) into every process of a benchmarked
// stack when $BENCH_CPU_PROF_DIR is set. SIGUSR2 starts the V8 CPU profiler; the next SIGUSR2 stops
// it and writes CPU.<pid>.cpuprofile into that directory. So a profile covers the load, not start-up.
import { Session } from 'node:inspector';
import { writeFileSync } from 'node:fs';
import path from 'node:path';

const dir = process.env.BENCH_CPU_PROF_DIR;
if (dir) {
  // services/wallet-payments/src/main.ts → wallet-payments; tools/launcher/src/stack.ts → launcher.
  const name = (process.argv[1] ?? '').split(path.sep).at(-3) ?? 'node';
  const session = new Session();
  session.connect();
  session.post('Profiler.enable');
  session.post('Profiler.setSamplingInterval', { interval: 500 });
  let running = false;
  process.on('SIGUSR2', () => {
    if (!running) {
      session.post('Profiler.start');
      running = true;
      return;
    }
    running = false;
    session.post('Profiler.stop', (error, result) => {
      if (!error)
        writeFileSync(
          path.join(dir, `CPU.${name}.${process.pid}.cpuprofile`),
          JSON.stringify(result.profile),
        );
    });
  });
}
