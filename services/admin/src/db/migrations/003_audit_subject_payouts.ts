import type { Migration } from '@touchline/kit';

/**
 * Issue 43. The audit log names the user each entry is about (a moderated user, a cash-out's
 * requester), so an admin can filter by user; earlier entries are filled in from their target.
 * And the PayPal transaction id that completed each cash-out: one id pays one request, never two.
 */
export const auditSubjectAndPayouts: Migration = {
  name: '003_audit_subject_payouts',
  async up(db) {
    await db.schema.alterTable('audit_log', (t) => {
      t.bigInteger('subject_user_id').nullable();
      t.index(['subject_user_id', 'id']);
      t.index(['created_at']);
    });
    // The append-only guard lets a column outside (outcome, after, error) be filled in.
    await db.raw(
      `update audit_log set subject_user_id = target_id::bigint where target_type = 'user' and target_id ~ '^[0-9]+$'`,
    );
    await db.raw(
      `update audit_log set subject_user_id = (before->>'userId')::bigint
         where target_type = 'cashout' and before->>'userId' ~ '^[0-9]+$'`,
    );
    await db.schema.createTable('cashout_payouts', (t) => {
      t.bigInteger('request_id').primary();
      t.text('paypal_transaction_id').notNullable().unique();
      t.bigInteger('actor_user_id').notNullable();
      t.timestamp('created_at', { useTz: true }).notNullable();
    });
  },
};
