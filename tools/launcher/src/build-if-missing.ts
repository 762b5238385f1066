import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

export const ROOT = path.resolve(__dirname, '../../..');
export const WEB_DIST = path.join(ROOT, 'web/dist');

function npm(args: string[]): void {
  execFileSync(process.platform === 'win32' ? 'npm.cmd' : 'npm', args, { cwd: ROOT, stdio: 'inherit' });
}

/** `npm start` on a fresh clone: generate proto types and build the web app if they are not there yet. */
export function buildIfMissing(options: { web: boolean } = { web: true }): void {
  if (!existsSync(path.join(ROOT, 'protos/gen/identity.ts'))) npm(['run', 'gen']);
  if (options.web && !existsSync(path.join(WEB_DIST, 'index.html')))
    npm(['run', 'build', '-w', '@touchline/web']);
}
