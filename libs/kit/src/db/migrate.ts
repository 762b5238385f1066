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
 * Brings the service's schema up to date. Safe to run twice and from several replicas at once:
 * knex records applied migrations and holds a lock row while migrating.
 */
export async function migrate(db: Knex, schema: string, migrations: Migration[]): Promise<string[]> {
  await db.raw('create schema if not exists ??', [schema]);
  const [, applied] = (await db.migrate.latest({
    migrationSource: new ListSource(migrations),
    schemaName: schema,
    tableName: 'knex_migrations',
  })) as [number, string[]];
  return applied;
}
