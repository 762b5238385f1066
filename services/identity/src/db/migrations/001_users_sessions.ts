import type { Migration } from '@touchline/kit';

export const usersAndSessions: Migration = {
  name: '001_users_sessions',
  async up(db) {
    await db.schema.createTable('users', (t) => {
      t.bigIncrements('id').primary();
      t.text('email').notNullable().unique();
      t.text('username').notNullable().unique();
      t.text('password_hash').notNullable();
      t.boolean('is_admin').notNullable().defaultTo(false);
      t.boolean('banned').notNullable().defaultTo(false);
      t.boolean('muted').notNullable().defaultTo(false);
      t.text('badge').notNullable().defaultTo('Rookie');
      t.bigInteger('favorite_team_id');
      t.text('registration_key').unique();
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
      t.timestamp('last_login_at', { useTz: true });
    });
    await db.schema.createTable('badges', (t) => {
      t.bigInteger('user_id').notNullable().references('id').inTable('users');
      t.text('name').notNullable();
      t.text('description').notNullable();
      t.text('icon').notNullable();
      t.timestamp('earned_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
      t.primary(['user_id', 'name']);
    });
    await db.schema.createTable('sessions', (t) => {
      t.uuid('id').primary();
      t.bigInteger('user_id').notNullable().references('id').inTable('users').index();
      t.timestamp('created_at', { useTz: true }).notNullable();
      t.timestamp('expires_at', { useTz: true }).notNullable();
      t.timestamp('revoked_at', { useTz: true });
    });
    await db.schema.createTable('password_resets', (t) => {
      t.text('token_hash').primary();
      t.bigInteger('user_id').notNullable().references('id').inTable('users').index();
      t.timestamp('created_at', { useTz: true }).notNullable();
      t.timestamp('expires_at', { useTz: true }).notNullable();
      t.timestamp('used_at', { useTz: true });
    });
    await db.schema.createTable('signing_keys', (t) => {
      t.text('kid').primary();
      t.jsonb('private_jwk').notNullable();
      t.jsonb('public_jwk').notNullable();
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
    });
  },
};
