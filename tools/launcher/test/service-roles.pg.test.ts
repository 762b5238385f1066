/**
 * Stack mode's per-service Postgres roles (docs/design.md#6-security, issue 9 item 5), on real Postgres:
 * every service migrates and runs as its own role, and no role can read another service's schema.
 * Needs TEST_DATABASE_URL (a superuser on the server); it creates its own database and roles and
 * drops them afterwards. See vitest.config.mts for why *.pg.test.ts files run only then.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import {
  baseConfigSchema,
  checkHealth,
  createPostgresDatabase,
  createPromiseClient,
  InProcessBus,
  loadConfig,
  migrate,
  startService,
  systemClock,
  systemRandom,
  type RunningService,
} from '@touchline/kit';
import { kitMigrations } from '@touchline/kit/kit-migrations';
import { silentLogger } from '@touchline/kit/testing';
import { SERVICES } from '@touchline/protos';
import type { CardsMarketDefinition } from '@touchline/protos/gen/touchline/cards_market/CardsMarket';
import type { IdentityDefinition } from '@touchline/protos/gen/touchline/identity/Identity';
import type { WalletDefinition } from '@touchline/protos/gen/touchline/wallet/Wallet';
import { prepareServiceDatabases, type ServiceDatabases } from '../src/database-roles';
import { SERVICE_MODULES } from '../src/services';
import { freePort } from '../src/spawn';

const baseUrl = process.env.TEST_DATABASE_URL!;
const suffix = randomBytes(4).toString('hex');
const database = `${new URL(baseUrl).pathname.slice(1)}_roles_${suffix}`;
const adminUrl = Object.assign(new URL(baseUrl), { pathname: `/${database}` }).toString();
const rolePrefix = `tl_${suffix}_`;
const walletModule = SERVICE_MODULES.find((m) => m.name === 'wallet-payments')!;

/** A query as `url`'s user; resolves to the error's SQLSTATE, or 'ok'. */
async function sqlState(url: string, sql: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    await client.query(sql);
    return 'ok';
  } catch (error) {
    return (error as { code?: string }).code ?? String(error);
  } finally {
    await client.end().catch(() => {});
  }
}

async function asAdmin<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

let dataDir: string;
let databases: ServiceDatabases;
const running: RunningService[] = [];
const bus = new InProcessBus(silentLogger, { paused: true });
const addresses: Record<string, string> = {};

beforeAll(async () => {
  await asAdmin(baseUrl, (c) => c.query(`create database ${database}`));
  // An older stack ran every service as the superuser: wallet's schema exists, owned by the admin.
  const legacy = createPostgresDatabase(adminUrl, walletModule.schema);
  await migrate(legacy, walletModule.schema, [...kitMigrations, ...walletModule.migrations]);
  await legacy.destroy();

  dataDir = mkdtempSync(path.join(tmpdir(), 'touchline-roles-'));
  databases = await prepareServiceDatabases({
    adminUrl,
    modules: SERVICE_MODULES,
    rolePrefix,
    passwordFile: path.join(dataDir, 'db-roles.json'),
    env: { TRADING_DB_PASSWORD: 'chosen-by-the-operator' },
  });

  for (const m of SERVICE_MODULES) addresses[m.name] = `127.0.0.1:${await freePort()}`;
  for (const m of SERVICE_MODULES) {
    const schema = m.configSchema ? baseConfigSchema.extend(m.configSchema.shape) : baseConfigSchema;
    const config = loadConfig(schema, {
      GRPC_HOST: '127.0.0.1',
      GRPC_PORT: addresses[m.name]!.split(':')[1],
      SHUTDOWN_TIMEOUT_MS: '2000',
      // No Stripe key here: the wallet starts only in explicit test mode.
      PAYMENTS_MODE: 'test',
    });
    running.push(
      await startService(m, {
        config: config as never,
        logger: silentLogger,
        db: createPostgresDatabase(databases.urls.get(m.name)!, m.schema),
        bus,
        clock: systemClock,
        random: systemRandom,
        peers: addresses,
        instanceId: 'roles-test',
        relayPollIntervalMs: 100,
      }),
    );
  }
  bus.resume();
}, 240_000);

afterAll(async () => {
  await Promise.allSettled(running.map((s) => s.shutdown()));
  await bus.close();
  await asAdmin(baseUrl, async (c) => {
    await c.query(`drop database if exists ${database} with (force)`);
    for (const { role } of databases?.roles ?? []) await c.query(`drop role if exists ${role}`);
  });
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

describe('one Postgres role per service (stack mode)', () => {
  it('hands each service a URL for its own role, never the admin', () => {
    for (const m of SERVICE_MODULES) {
      const url = new URL(databases.urls.get(m.name)!);
      expect(url.username).toBe(`${rolePrefix}${m.schema}`);
      expect(url.pathname).toBe(`/${database}`);
      expect(url.password).not.toBe('');
    }
    expect(new URL(databases.urls.get('trading')!).password).toBe('chosen-by-the-operator');
  });

  it('keeps generated passwords (mode 0600) and sets them on the roles', async () => {
    const file = path.join(dataDir, 'db-roles.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const kept = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
    expect(new URL(databases.urls.get('identity')!).password).toBe(kept[`${rolePrefix}identity`]);
    const rows = await asAdmin(adminUrl, async (c) => {
      const result = await c.query<{
        rolname: string;
        scram: boolean;
        rolsuper: boolean;
        rolcreatedb: boolean;
      }>(
        `select rolname, rolpassword like 'SCRAM-SHA-256$%' as scram, rolsuper, rolcreatedb
           from pg_authid where rolname like $1 order by rolname`,
        [`${rolePrefix}%`],
      );
      return result.rows;
    });
    expect(rows).toHaveLength(SERVICE_MODULES.length);
    for (const row of rows) expect(row).toMatchObject({ scram: true, rolsuper: false, rolcreatedb: false });

    // A second start (same file) keeps every password.
    const again = await prepareServiceDatabases({
      adminUrl,
      modules: SERVICE_MODULES,
      rolePrefix,
      passwordFile: file,
    });
    expect(again.urls.get('identity')).toBe(databases.urls.get('identity'));
  });

  it('every service migrated and serves as its role, which owns everything in its schema', async () => {
    for (const service of running) expect(await checkHealth(service.address)).toBe('SERVING');
    const owners = await asAdmin(adminUrl, async (c) => {
      const result = await c.query<{ schema: string; owner: string }>(
        `select n.nspname as schema, pg_get_userbyid(c.relowner) as owner
           from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = any($1) and c.relkind in ('r', 'p', 'v', 'm', 'S')
         union all
         select n.nspname, pg_get_userbyid(p.proowner)
           from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = any($1)
         union all
         select nspname, pg_get_userbyid(nspowner) from pg_namespace where nspname = any($1)`,
        [SERVICE_MODULES.map((m) => m.schema)],
      );
      return result.rows;
    });
    for (const m of SERVICE_MODULES) {
      const own = owners.filter((o) => o.schema === m.schema);
      // The schema, knex's migration tables and the kit's outbox, inbox and relay lease at least.
      expect(own.length, m.schema).toBeGreaterThanOrEqual(6);
      expect(new Set(own.map((o) => o.owner)), m.schema).toEqual(new Set([`${rolePrefix}${m.schema}`]));
    }
  });

  it('the services still work together: a sign-up reaches the wallet and cards-market over the event bus', async () => {
    const identity = createPromiseClient<IdentityDefinition>(
      SERVICES.identity.definition(),
      addresses.identity!,
    );
    const wallet = createPromiseClient<WalletDefinition>(
      SERVICES['wallet-payments'].definition(),
      addresses['wallet-payments']!,
    );
    const cards = createPromiseClient<CardsMarketDefinition>(
      SERVICES['cards-market'].definition(),
      addresses['cards-market']!,
    );
    try {
      const { user } = await identity.Register({
        email: `roles-${suffix}@example.com`,
        password: 'a good password',
        idempotencyKey: '',
      });
      const userId = user!.id;
      let coins = 0;
      let cardCount = 0;
      for (let i = 0; i < 150 && (coins === 0 || cardCount === 0); i++) {
        await new Promise((r) => setTimeout(r, 200));
        coins = (await wallet.GetBalance({ userId })).coins;
        cardCount = (await cards.ListUserCards({ userId })).cards.length;
      }
      expect(coins).toBe(10_000);
      expect(cardCount).toBeGreaterThan(0);
    } finally {
      identity.close();
      wallet.close();
      cards.close();
    }
  });

  it("no service's role can read another service's schema: permission denied", async () => {
    const tables = await asAdmin(adminUrl, async (c) => {
      const result = await c.query<{ schema: string; name: string }>(
        `select table_schema as schema, table_name as name from information_schema.tables
          where table_schema = any($1) and table_name = 'outbox'`,
        [SERVICE_MODULES.map((m) => m.schema)],
      );
      return result.rows;
    });
    expect(tables).toHaveLength(SERVICE_MODULES.length);
    for (const reader of SERVICE_MODULES) {
      const url = databases.urls.get(reader.name)!;
      for (const { schema, name } of tables) {
        const state = await sqlState(url, `select count(*) from "${schema}"."${name}"`);
        // 42501: insufficient_privilege ("permission denied for schema …").
        expect(`${reader.name} reads ${schema}: ${state}`).toBe(
          `${reader.name} reads ${schema}: ${schema === reader.schema ? 'ok' : '42501'}`,
        );
      }
    }
    // Nor can a role change another schema's data, make a schema of its own or plant objects in public.
    const cardsUrl = databases.urls.get('cards-market')!;
    expect(await sqlState(cardsUrl, `update wallet.accounts set balance = balance + 1`)).toBe('42501');
    expect(await sqlState(cardsUrl, `create schema sneaky`)).toBe('42501');
    expect(await sqlState(cardsUrl, `create table public.sneaky (id int)`)).toBe('42501');
  });

  it('a role of another application on the same server cannot even connect', async () => {
    const outsider = `${rolePrefix}outsider`;
    await asAdmin(adminUrl, (c) => c.query(`create role ${outsider} login`));
    try {
      const url = Object.assign(new URL(adminUrl), { username: outsider }).toString();
      expect(await sqlState(url, 'select 1')).toBe('42501');
    } finally {
      await asAdmin(adminUrl, (c) => c.query(`drop role ${outsider}`));
    }
  });
});
