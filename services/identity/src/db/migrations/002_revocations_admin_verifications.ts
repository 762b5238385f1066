import type { Migration } from '@touchline/kit';

/** Issue 9: the gateway reads recent revocations; ADMIN_EMAILS addresses prove their mailbox first. */
export const revocationsAndAdminVerifications: Migration = {
  name: '002_revocations_admin_verifications',
  async up(db) {
    await db.schema.alterTable('sessions', (t) => {
      t.index(['revoked_at'], 'sessions_revoked_at_idx');
    });
    await db.schema.createTable('admin_verifications', (t) => {
      t.text('token_hash').primary();
      t.bigInteger('user_id').notNullable().references('id').inTable('users').index();
      t.text('email').notNullable();
      t.timestamp('created_at', { useTz: true }).notNullable();
      t.timestamp('expires_at', { useTz: true }).notNullable();
      t.timestamp('used_at', { useTz: true });
    });
  },
};
