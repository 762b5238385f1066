import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { ROOT } from './build-if-missing';
import { freePort } from './spawn';

/**
 * `npm run dev`: the Vite dev server for the page (hot module reload) and the embedded backend
 * under `tsx watch` (restarts when server code changes); the gateway on PORT proxies pages to Vite.
 */
async function main(): Promise<void> {
  const require = createRequire(__filename);
  const vitePort = await freePort();
  const viteBin = path.join(path.dirname(require.resolve('vite/package.json')), 'bin/vite.js');
  const tsxCli = require.resolve('tsx/cli');
  const children: ChildProcess[] = [
    spawn(
      process.execPath,
      [
        viteBin,
        '--configLoader',
        'runner',
        '--port',
        String(vitePort),
        '--strictPort',
        '--host',
        '127.0.0.1',
      ],
      {
        cwd: path.join(ROOT, 'web'),
        stdio: 'inherit',
      },
    ),
    spawn(process.execPath, [tsxCli, 'watch', '--clear-screen=false', 'tools/launcher/src/start.ts'], {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...process.env, DEV_WEB_URL: `http://127.0.0.1:${vitePort}` },
    }),
  ];
  const stop = () => {
    for (const child of children) child.kill('SIGTERM');
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  for (const child of children) {
    child.once('exit', (code) => {
      stop();
      process.exitCode = code ?? 0;
    });
  }
}

void main();
