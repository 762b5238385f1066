import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import {
  createPgliteDatabase,
  createPostgresDatabase,
  migrate,
  openPglite,
  sharePglite,
  type Database,
} from '@touchline/kit';
import { identityService } from '@touchline/identity';
import { ROOT } from '../src/spawn';

/** `npm run admin:grant -- <email>` as an operator runs it: its own process, the app's configuration. */
const run = promisify(execFile);
function adminGrant(email: string, env: Record<string, string>) {
  return run(process.execPath, ['--import', 'tsx', 'tools/launcher/src/admin-grant.ts', email], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: '', ...env },
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );
}

async function addUser(db: Database, email: string): Promise<number> {
  const [row] = (await db('users')
    .insert({ email, username: `u${randomUUID().slice(0, 8)}`, password_hash: 'x' })
    .returning('id')) as { id: number }[];
  return row!.id;
}
const isAdmin = async (db: Database, id: number) =>
  ((await db('users').where({ id }).first('is_admin')) as { is_admin: boolean }).is_admin;

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

interface Mode {
  name: string;
  /** The environment the operator runs the script with. */
  env: Record<string, string>;
  /** Runs `use` on identity's database of that mode (opened only while the script does not run). */
  withDb<T>(use: (db: Database) => Promise<T>): Promise<T>;
}

/** An embedded data directory as `npm start` leaves it: identity's schema in DATA_DIR/pg. */
function embeddedMode(): Mode {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'touchline-grant-'));
  dirs.push(dataDir);
  return {
    name: 'embedded (DATA_DIR)',
    env: { DATA_DIR: dataDir },
    async withDb(use) {
      const pglite = await openPglite(path.join(dataDir, 'pg'));
      const db = createPgliteDatabase(sharePglite(pglite), 'identity');
      try {
        return await use(db);
      } finally {
        await db.destroy();
        await pglite.close();
      }
    },
  };
}

/** Stack mode: identity's schema ("identity") on the Postgres of DATABASE_URL. */
function stackMode(url: string): Mode {
  return {
    name: 'stack (DATABASE_URL, real Postgres)',
    env: { DATABASE_URL: url },
    async withDb(use) {
      const db = createPostgresDatabase(url, 'identity', 2);
      try {
        return await use(db);
      } finally {
        await db.destroy();
      }
    },
  };
}

const modes = [
  embeddedMode(),
  ...(process.env.TEST_DATABASE_URL ? [stackMode(process.env.TEST_DATABASE_URL)] : []),
];

describe.each(modes)('npm run admin:grant: $name', (mode) => {
  it('makes an existing user admin, whatever the letter case; an unknown e-mail fails with a message', async () => {
    const email = `ops-${randomUUID().slice(0, 8)}@grant.test`;
    const userId = await mode.withDb(async (db) => {
      await migrate(db, 'identity', identityService.migrations);
      return addUser(db, email);
    });
    const granted = await adminGrant(email.toUpperCase(), mode.env);
    expect(granted.code, granted.stderr).toBe(0);
    expect(granted.stdout).toContain(`${email} (user ${userId}`);
    expect(granted.stdout).toContain('is an admin now');
    expect(await mode.withDb((db) => isAdmin(db, userId))).toBe(true);

    const unknown = await adminGrant('nobody@grant.test', mode.env);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('No account with the e-mail nobody@grant.test');
  }, 120_000);
});

describe('npm run admin:grant on embedded data', () => {
  it('refuses while a running Touchline has DATA_DIR open (PGlite takes one process at a time)', async () => {
    const mode = modes[0]!;
    const email = `busy-${randomUUID().slice(0, 8)}@grant.test`;
    const userId = await mode.withDb(async (db) => {
      await migrate(db, 'identity', identityService.migrations);
      return addUser(db, email);
    });
    // This test process plays the running app.
    const lock = path.join(mode.env.DATA_DIR!, 'embedded.pid');
    writeFileSync(lock, String(process.pid));
    try {
      const refused = await adminGrant(email, mode.env);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(/is running on .* \(pid \d+\): stop npm start first/);
    } finally {
      rmSync(lock);
    }
    expect(await mode.withDb((db) => isAdmin(db, userId))).toBe(false);
  }, 120_000);
});
