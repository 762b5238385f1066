import type { Migration } from '../db/migrate';

/**
 * Tables every service gets in its own schema: the outbox, the consumer inbox, the relay lease and
 * the idempotency keys clients sent through the gateway (grpc/scoped-keys.ts).
 */
export const kitMigrations: Migration[] = [
  {
    name: '000_kit_idempotency_keys',
    async up(db) {
      await db.schema.createTable('idempotency_keys', (t) => {
        t.text('rpc').notNullable();
        t.text('scope').notNullable();
        t.text('client_key').notNullable();
        t.text('key').notNullable();
        t.text('fingerprint').notNullable();
        t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
        t.primary(['rpc', 'scope', 'client_key']);
        t.unique(['rpc', 'key']);
      });
    },
  },
  {
    name: '000_kit_outbox_inbox',
    async up(db) {
      await db.schema.createTable('outbox', (t) => {
        t.bigIncrements('id').primary();
        t.uuid('event_id').notNullable().unique();
        t.text('topic').notNullable();
        t.text('key').notNullable();
        t.binary('payload').notNullable();
        t.jsonb('headers').notNullable();
        t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
        t.timestamp('published_at', { useTz: true });
      });
      await db.raw('create index outbox_unpublished on outbox (id) where published_at is null');
      await db.schema.createTable('inbox', (t) => {
        t.text('consumer').notNullable();
        t.uuid('event_id').notNullable();
        t.timestamp('processed_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
        t.primary(['consumer', 'event_id']);
      });
      await db.schema.createTable('relay_lease', (t) => {
        t.text('name').primary();
        t.text('holder').notNullable();
        t.timestamp('expires_at', { useTz: true }).notNullable();
      });
    },
  },
];
