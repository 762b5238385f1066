// Runs initdb for a new embedded database directory, then exits (see pglite.ts for why a child process).
import { PGlite } from '@electric-sql/pglite';

const [, , dir, conf] = process.argv;
const db = new PGlite(dir, { postgresqlconf: conf ? conf.split(',') : [] });
await db.query('select 1');
await db.close();
