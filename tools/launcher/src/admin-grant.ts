import { existsSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import {
  createPgliteDatabase,
  createPostgresDatabase,
  loadConfig,
  openPglite,
  optionalEnv,
  sharePglite,
  type Database,
} from '@touchline/kit';
import { grantAdmin } from '@touchline/identity/admin-email';
import { dataDirOwner } from './data-dir-lock';

const grantConfig = z.object({
  DATABASE_URL: optionalEnv(z.url({ protocol: /^postgres(ql)?$/ })),
  DATA_DIR: z.string().default('.data'),
});

const IDENTITY_SCHEMA = 'identity';

/**
 * The database identity uses under the same configuration as the app: Postgres (stack mode,
 * DATABASE_URL) or the embedded PGlite under DATA_DIR, which only one process may open at a time.
 */
async function openIdentityDatabase(
  config: z.output<typeof grantConfig>,
): Promise<{ db: Database; close(): Promise<void> }> {
  if (config.DATABASE_URL) {
    const db = createPostgresDatabase(config.DATABASE_URL, IDENTITY_SCHEMA, 1);
    return { db, close: () => db.destroy() };
  }
  const dir = path.join(config.DATA_DIR, 'pg');
  if (!existsSync(path.join(dir, 'PG_VERSION')))
    throw new Error(`No embedded data under ${path.resolve(config.DATA_DIR)}: run npm start once first`);
  const owner = dataDirOwner(config.DATA_DIR);
  if (owner !== undefined)
    throw new Error(
      `Touchline is running on ${path.resolve(config.DATA_DIR)} (pid ${owner}): stop npm start first, the embedded database takes one process at a time`,
    );
  const pglite = await openPglite(dir);
  const db = createPgliteDatabase(sharePglite(pglite), IDENTITY_SCHEMA);
  return {
    db,
    close: async () => {
      await db.destroy();
      await pglite.close();
    },
  };
}

/** `npm run admin:grant -- <email>`: an operator makes an existing account admin. */
export async function adminGrant(email: string, env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const config = loadConfig(grantConfig, env);
  const { db, close } = await openIdentityDatabase(config);
  try {
    if (!(await db.schema.hasTable('users')))
      throw new Error("identity's tables are not there yet: start the app once first");
    const user = await grantAdmin(db, email);
    return `${user.email} (user ${user.id}, ${user.username}) is an admin now. It takes effect at the next sign-in, or within 15 minutes for an open session.`;
  } finally {
    await close();
  }
}

async function main(): Promise<void> {
  const email = process.argv[2];
  if (!email || process.argv.length > 3) {
    console.error('usage: npm run admin:grant -- <email>');
    process.exit(2);
  }
  try {
    console.log(await adminGrant(email));
  } catch (error) {
    console.error(`admin:grant: ${(error as Error).message}`);
    process.exit(1);
  }
}

if (require.main === module) void main();
