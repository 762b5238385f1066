import type { Knex } from 'knex';

/** A migration is a named pair of functions; names sort in the order they run. */
export interface Migration {
  name: string;
  up(db: Knex): Promise<void>;
  down?(db: Knex): Promise<void>;
}

class ListSource implements Knex.MigrationSource<Migration> {
  constructor(private readonly migrations: Migration[]) {}
  getMigrations(): Promise<Migration[]> {
    return Promise.resolve([...this.migrations].sort((a, b) => a.name.localeCompare(b.name)));
  }
  getMigrationName(migration: Migration): string {
    return migration.name;
  }
  getMigration(migration: Migration): Promise<Knex.Migration> {
    return Promise.resolve({ up: migration.up, down: migration.down ?? (() => Promise.resolve()) });
  }
}

/**
 * True when the schema's record holds every migration: the common start, answered with two queries
 * instead of the twenty-odd knex's migrator runs to find out (it inspects information_schema and its
 * lock table first), which was most of a restart's database work.
 */
async function allApplied(trx: Knex.Transaction, schema: string, migrations: Migration[]): Promise<boolean> {
  const { rows } = (await trx.raw('select to_regclass(?) as record', [`"${schema}".knex_migrations`])) as {
    rows: { record: string | null }[];
  };
  if (!rows[0]?.record) return false;
  const applied = new Set(
    ((await trx.withSchema(schema).from('knex_migrations').select('name')) as { name: string }[]).map(
      (row) => row.name,
    ),
  );
  return migrations.every((migration) => applied.has(migration.name));
}

/**
 * Brings the service's schema up to date. Safe to run twice and from several replicas at once:
 * knex records applied migrations, and everything runs in one transaction holding an advisory lock
 * on the schema, so a second migrator waits instead of racing on `create schema` and knex's own tables.
 * The schema is created only when it is missing: a service running as its own role owns it already.
 */
export async function migrate(db: Knex, schema: string, migrations: Migration[]): Promise<string[]> {
  return db.transaction(async (trx) => {
    await trx.raw('select pg_advisory_xact_lock(hashtext(?))', [`migrate:${schema}`]);
    // Checked first: `create schema if not exists` needs CREATE on the database even when the schema
    // is there, and a service's own role (created by the launcher or the platform) does not have it.
    const existing: unknown = await trx
      .withSchema('pg_catalog')
      .from('pg_namespace')
      .where({ nspname: schema })
      .first('oid');
    if (!existing) await trx.raw('create schema ??', [schema]);
    else if (await allApplied(trx, schema, migrations)) return [];
    const [, applied] = (await trx.migrate.latest({
      migrationSource: new ListSource(migrations),
      schemaName: schema,
      tableName: 'knex_migrations',
    })) as [number, string[]];
    return applied;
  });
}
