/**
 * Migrations and schema confinement: each service's knex sees only its own schema, on one shared
 * PGlite (embedded mode) or one Postgres database (TEST_DATABASE_URL set).
 */
import { randomBytes } from 'node:crypto';
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import knex, { type Knex } from 'knex';
import {
  createPgliteDatabase,
  createPostgresDatabase,
  PGLITE_POSTGRES_VERSION,
  sharePglite,
  type Database,
} from '../src/db/database';
import { migrate, type Migration } from '../src/db/migrate';
import { newTestPglite } from '../src/testing/database';

interface Services {
  kind: 'postgres' | 'pglite';
  /** One knex per service, each confined to its schema. */
  ledger: { db: Database; schema: string };
  cards: { db: Database; schema: string };
  /** Another knex instance (another replica) confined to `schema`, on the same database. */
  connect(schema: string): Database;
  close(): Promise<void>;
}

/** Two services on one database, as in embedded mode (one PGlite) or the stack (one Postgres). */
async function openServices(): Promise<Services> {
  const url = process.env.TEST_DATABASE_URL;
  const dbs: Database[] = [];
  const schemas = new Set<string>();
  let open: (schema: string) => Database;
  let closeDatabase: () => Promise<void>;
  const suffix = url ? `_t${randomBytes(4).toString('hex')}` : '';
  if (url) {
    open = (schema) => createPostgresDatabase(url, schema);
    closeDatabase = async () => {
      const admin = knex({ client: 'pg', connection: url, pool: { min: 0, max: 1 } });
      try {
        for (const schema of schemas) await admin.raw('drop schema if exists ?? cascade', [schema]);
      } finally {
        await admin.destroy();
      }
    };
  } else {
    const pglite = await newTestPglite();
    const shared = sharePglite(pglite);
    open = (schema) => createPgliteDatabase(shared, schema);
    closeDatabase = () => pglite.close();
  }
  const connect = (schema: string) => {
    schemas.add(schema);
    const db = open(schema);
    dbs.push(db);
    return db;
  };
  const service = (name: string) => {
    const schema = `${name}${suffix}`;
    return { db: connect(schema), schema };
  };
  return {
    kind: url ? 'postgres' : 'pglite',
    ledger: service('kit_ledger'),
    cards: service('kit_cards'),
    connect,
    async close() {
      await Promise.all(dbs.map((db) => db.destroy()));
      await closeDatabase();
    },
  };
}

/** The same table name in both services, so an unqualified name shows which schema a query ran in. */
const itemsTable = (owner: string): Migration => ({
  name: '001_items',
  async up(db) {
    await db.schema.createTable('items', (t) => {
      t.increments('id');
      t.text('owner').notNullable().defaultTo(owner);
      t.text('name').notNullable();
    });
  },
});

const ledgerMigrations: Migration[] = [
  itemsTable('ledger'),
  {
    name: '002_entries',
    async up(db) {
      await db.schema.createTable('entries', (t) => {
        t.increments('id');
        t.bigInteger('amount').notNullable();
      });
    },
  },
];
const cardsMigrations: Migration[] = [itemsTable('cards')];

async function tablesIn(db: Knex, schema: string): Promise<string[]> {
  const rows = (await db('information_schema.tables')
    .where({ table_schema: schema })
    .orderBy('table_name')
    .select('table_name')) as { table_name: string }[];
  return rows.map((r) => r.table_name);
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

let services: Services;

beforeAll(async () => {
  services = await openServices();
});

afterAll(async () => {
  await services?.close();
});

describe('migrate', () => {
  it('applies pending migrations once, in name order, and nothing the second time', async () => {
    const { ledger, cards } = services;
    // Listed out of order on purpose: names decide the order.
    expect(await migrate(ledger.db, ledger.schema, [...ledgerMigrations].reverse())).toEqual([
      '001_items',
      '002_entries',
    ]);
    expect(await migrate(ledger.db, ledger.schema, ledgerMigrations)).toEqual([]);
    expect(await migrate(cards.db, cards.schema, cardsMigrations)).toEqual(['001_items']);
  });

  it("answers an up-to-date schema with a handful of queries, without running knex's migrator", async () => {
    const { ledger } = services;
    await migrate(ledger.db, ledger.schema, ledgerMigrations);
    const sql: string[] = [];
    const record = (query: { sql: string }) => sql.push(query.sql);
    ledger.db.on('query', record);
    try {
      expect(await migrate(ledger.db, ledger.schema, ledgerMigrations)).toEqual([]);
    } finally {
      ledger.db.off('query', record);
    }
    expect(sql.filter((text) => /knex_migrations_lock|information_schema/.test(text))).toEqual([]);
    expect(sql.length).toBeLessThanOrEqual(6);
  });

  it("puts the tables (and knex's bookkeeping) in the service's schema", async () => {
    const { ledger, cards } = services;
    expect(await tablesIn(ledger.db, ledger.schema)).toEqual([
      'entries',
      'items',
      'knex_migrations',
      'knex_migrations_lock',
    ]);
    expect(await tablesIn(cards.db, cards.schema)).toEqual([
      'items',
      'knex_migrations',
      'knex_migrations_lock',
    ]);
    expect(await tablesIn(ledger.db, 'public')).not.toContain('items');
  });

  it('applies only what is new when a migration is added', async () => {
    const { cards } = services;
    const next: Migration = {
      name: '002_sets',
      up: (db) => db.schema.createTable('sets', (t) => t.increments('id')),
    };
    expect(await migrate(cards.db, cards.schema, [...cardsMigrations, next])).toEqual(['002_sets']);
    expect(await tablesIn(cards.db, cards.schema)).toContain('sets');
  });

  it('leaves nothing behind when a migration fails, and can run again afterwards', async () => {
    const { cards } = services;
    const broken: Migration = {
      name: '003_broken',
      async up(db) {
        await db.schema.createTable('half_done', (t) => t.increments('id'));
        await db.raw('select no_such_column from items');
      },
    };
    const sets: Migration = { name: '002_sets', up: async () => {} };
    await expect(migrate(cards.db, cards.schema, [...cardsMigrations, sets, broken])).rejects.toThrow(
      /no_such_column/,
    );
    expect(await tablesIn(cards.db, cards.schema)).not.toContain('half_done');

    const fixed: Migration = { name: '003_broken', up: (db) => db.schema.createTable('half_done', () => {}) };
    expect(await migrate(cards.db, cards.schema, [...cardsMigrations, sets, fixed])).toEqual(['003_broken']);
  });

  it('is safe when two replicas migrate the same schema at once', async () => {
    const { ledger } = services;
    const again = services.connect(ledger.schema);
    const more: Migration[] = [
      {
        name: '003_a',
        async up(db) {
          await db.raw('select pg_sleep(0.1)'); // long enough for the other replica to arrive meanwhile
          await db.schema.createTable('a', (t) => t.increments('id'));
        },
      },
      { name: '004_b', up: (db) => db.schema.createTable('b', (t) => t.increments('id')) },
    ];
    const all = [...ledgerMigrations, ...more];
    const results = await Promise.all([
      migrate(ledger.db, ledger.schema, all),
      migrate(again, ledger.schema, all),
    ]);
    expect(results.flat().sort()).toEqual(['003_a', '004_b']);
  });

  it('is safe when two replicas create a new schema at once', async () => {
    const schema = `${services.cards.schema}_fresh`;
    const [first, second] = [services.connect(schema), services.connect(schema)];
    const results = await Promise.all([
      migrate(first, schema, cardsMigrations),
      migrate(second, schema, cardsMigrations),
    ]);
    expect(results.flat()).toEqual(['001_items']);
    expect(await tablesIn(first, schema)).toEqual(['items', 'knex_migrations', 'knex_migrations_lock']);
  });
});

describe('embedded connections', () => {
  it("never ask PGlite for its version: knex is told it, and it is PGlite's own", async () => {
    const pglite = await newTestPglite();
    const asked: string[] = [];
    const query = pglite.query.bind(pglite);
    pglite.query = ((sql: string, ...rest: unknown[]) => {
      asked.push(sql);
      return (query as (sql: string, ...rest: unknown[]) => unknown)(sql, ...rest);
    }) as typeof pglite.query;
    const db = createPgliteDatabase(sharePglite(pglite), 'kit_version');
    try {
      await db.raw('select 1');
      expect(asked.filter((sql) => /version\(\)/i.test(sql))).toEqual([]);
      const { rows } = await query<{ server_version: string }>('show server_version');
      expect(rows[0]!.server_version.split('.')[0]).toBe(PGLITE_POSTGRES_VERSION);
    } finally {
      await db.destroy();
      await pglite.close();
    }
  });
});

describe('schema confinement', () => {
  it("resolves unqualified names in the service's own schema, even when calls interleave", async () => {
    const { ledger, cards } = services;
    await ledger.db('items').insert({ name: 'ledger item' });
    await cards.db('items').insert({ name: 'cards item' });

    const reads = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        (i % 2 === 0 ? ledger.db : cards.db)('items').select('owner', 'name'),
      ),
    );
    for (const [i, rows] of reads.entries()) {
      expect(rows).toEqual(
        i % 2 === 0 ? [{ owner: 'ledger', name: 'ledger item' }] : [{ owner: 'cards', name: 'cards item' }],
      );
    }
  });

  it("does not see another service's tables by unqualified name", async () => {
    const { cards } = services;
    await expect(cards.db('entries').select()).rejects.toThrow(/entries/);
  });

  it('does not let another service see an open transaction', async () => {
    const { kind, ledger, cards } = services;
    const countFromCards = async () => {
      const [row] = await cards.db.withSchema(ledger.schema).from('entries').count({ n: '*' });
      return Number(row!.n);
    };
    expect(await countFromCards()).toBe(0);

    const trx = await ledger.db.transaction();
    await trx('entries').insert({ amount: 500 });
    let settled = false;
    const duringTransaction = countFromCards().finally(() => (settled = true));

    if (kind === 'postgres') {
      // Separate sessions: the other service reads the last committed state right away.
      expect(await duringTransaction).toBe(0);
    } else {
      // One shared PGlite session: the other service waits for the lease, i.e. for the commit.
      await sleep(50);
      expect(settled).toBe(false);
    }
    await trx.commit();

    if (kind === 'pglite') expect(await duringTransaction).toBe(1);
    expect(await countFromCards()).toBe(1);
  });

  it('discards a rolled-back transaction for everyone', async () => {
    const { ledger, cards } = services;
    await expect(
      ledger.db.transaction(async (trx) => {
        await trx('entries').insert({ amount: 7 });
        throw new Error('saga step failed');
      }),
    ).rejects.toThrow('saga step failed');
    expect(await ledger.db('entries').where({ amount: 7 }).count({ n: '*' })).toEqual([{ n: 0 }]);
    const [row] = await cards.db
      .withSchema(ledger.schema)
      .from('entries')
      .where({ amount: 7 })
      .count({ n: '*' });
    expect(Number(row!.n)).toBe(0);
  });
});
