import type { Migration } from '@touchline/kit';

/** Per-user notifications, and one feed row per user whose lock orders that user's notification ids. */
export const notificationsTable: Migration = {
  name: '001_notifications',
  async up(db) {
    await db.schema.createTable('notifications', (t) => {
      t.bigIncrements('id').primary();
      t.bigInteger('user_id').notNullable();
      t.text('kind').notNullable();
      t.text('type').notNullable();
      // What the texts are made of; texts are rendered when read, with the other player's current username.
      t.jsonb('params').notNullable();
      t.text('link').notNullable().defaultTo('');
      // The fact behind it (offer id, sale id, ...): one notification per fact, however often it is delivered.
      t.text('dedupe_key').notNullable();
      t.timestamp('created_at', { useTz: true }).notNullable();
      t.timestamp('read_at', { useTz: true });
      t.unique(['user_id', 'dedupe_key']);
      t.index(['user_id', 'id']);
    });
    await db.raw(`alter table notifications add constraint notifications_type check (type in
      ('info','success','warning','error'))`);
    await db.raw('create index notifications_unread on notifications (user_id) where read_at is null');
    await db.schema.createTable('feeds', (t) => {
      t.bigInteger('user_id').primary();
      t.bigInteger('last_id').notNullable();
    });
  },
};
