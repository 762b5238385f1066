import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';

export const ROOT = path.resolve(__dirname, '../../..');

export interface RunningApp {
  url: string;
  process: ChildProcess;
  /** Everything the process printed, for failure reports. */
  output(): string;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** The port `port` (0: any) if it can be listened on at 127.0.0.1 now, else undefined. */
function listenable(port: number): Promise<number | undefined> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(undefined));
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : undefined));
    });
  });
}

/**
 * A free TCP port on loopback, below the ephemeral range (32768 and up): a port from that range can
 * be taken by an outgoing connection between this check and the caller's own bind (EADDRINUSE under
 * a busy test run).
 */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = await listenable(20_000 + Math.floor(Math.random() * 12_000));
    if (port) return port;
  }
  const any = await listenable(0);
  if (!any) throw new Error('no free port on 127.0.0.1');
  return any;
}

export interface SpawnOptions {
  dataDir: string;
  port?: number;
  env?: Record<string, string>;
  /** How long to wait for "ready" (default 180 s); a benchmark on a busy machine may give more. */
  readyTimeoutMs?: number;
}

/** Starts of one app that may meet a port taken meanwhile, before one is given up on. */
const PORT_ATTEMPTS = 3;

/**
 * Starts Touchline exactly as `npm start` does (`node tools/launcher/start.mjs`) in its own
 * process, and resolves once it prints that it is ready. A port found free can be taken before the
 * app binds it (another app of a parallel test run picks its services' ports from the same range):
 * an app that exits on EADDRINUSE before it is ready starts again, on a new port unless one was given.
 */
export async function spawnApp(options: SpawnOptions): Promise<RunningApp> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await spawnOnce(options, options.port ?? (await freePort()));
    } catch (error) {
      if (attempt >= PORT_ATTEMPTS || !String(error).includes('EADDRINUSE')) throw error;
    }
  }
}

async function spawnOnce(options: SpawnOptions, port: number): Promise<RunningApp> {
  // Generous: on a shared two-core machine under load a cold start (tsx, nine migrations) takes minutes.
  const readyTimeoutMs = options.readyTimeoutMs ?? 180_000;
  // One process (no tsx CLI wrapper), so SIGKILL reaches the server itself, as `kill -9` would.
  const child = spawn(process.execPath, ['tools/launcher/start.mjs'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), DATA_DIR: options.dataDir, LOG_LEVEL: 'warn', ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`app did not start within ${readyTimeoutMs / 1000} s:\n${output}`)),
      readyTimeoutMs,
    );
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Touchline is ready at (\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`app exited with ${code} before it was ready:\n${output}`));
    });
  });
  return {
    url,
    process: child,
    output: () => output,
    stop: (signal = 'SIGTERM') =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve(child.exitCode);
        child.once('exit', (code) => resolve(code));
        child.kill(signal);
      }),
  };
}
