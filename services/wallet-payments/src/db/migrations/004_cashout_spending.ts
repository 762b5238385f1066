import type { Migration } from '@touchline/kit';

/**
 * Cash-out requests and their transitions (docs/design.md#3-money-one-ledger and #4-cross-service-operations-sagas), and monthly spending limits
 * (section 7). The rules that must hold under concurrency are constraints: a status is one of four,
 * a user has at most one non-rejected request per New York calendar month, and a transition key is
 * used once.
 */
export const cashoutAndSpending: Migration = {
  name: '004_cashout_spending',
  async up(db) {
    await db.schema.createTable('cashout_requests', (t) => {
      t.bigIncrements('id').primary();
      t.bigInteger('user_id').notNullable();
      t.text('status').notNullable();
      t.bigInteger('coins_amount').notNullable();
      t.bigInteger('cash_amount_cents').notNullable();
      t.bigInteger('fee_coins').notNullable();
      t.text('paypal_email').notNullable();
      // "{userId}:{key}": a retry returns this request; another user's key never collides.
      t.text('idempotency_key').notNullable().unique();
      // New York calendar month of the request, "2026-11".
      t.text('month_key').notNullable();
      t.bigInteger('transaction_id').references('id').inTable('transactions');
      t.timestamp('created_at', { useTz: true }).notNullable();
      t.timestamp('updated_at', { useTz: true }).notNullable();
      t.timestamp('processed_at', { useTz: true });
      t.bigInteger('processed_by_user_id');
      t.index(['user_id', 'id']);
      t.index(['status', 'id']);
    });
    await db.raw(`
      alter table cashout_requests
        add constraint cashout_requests_status check (status in ('pending', 'processing', 'completed', 'rejected')),
        add constraint cashout_requests_amounts check (
          coins_amount > 0 and cash_amount_cents >= 0 and fee_coins >= 0 and fee_coins <= coins_amount
        ),
        add constraint cashout_requests_processed check (
          (status in ('completed', 'rejected')) = (processed_at is not null)
        )
    `);
    // Two requests racing in one month: the second insert fails here whatever the code checked.
    await db.raw(
      `create unique index cashout_one_per_month on cashout_requests (user_id, month_key) where status <> 'rejected'`,
    );

    await db.schema.createTable('cashout_transitions', (t) => {
      t.bigIncrements('id').primary();
      t.bigInteger('request_id').notNullable().references('id').inTable('cashout_requests');
      t.text('from_status').notNullable();
      t.text('to_status').notNullable();
      t.bigInteger('actor_user_id').notNullable();
      // The admin's key: a retry answers the request as it is instead of "already processing".
      t.text('idempotency_key').notNullable().unique();
      t.bigInteger('transaction_id').references('id').inTable('transactions');
      t.timestamp('created_at', { useTz: true }).notNullable();
      t.index(['request_id']);
    });

    await db.schema.createTable('spending_limits', (t) => {
      t.bigInteger('user_id').primary();
      // Null: no limit in force.
      t.bigInteger('limit_cents');
      // A raise or removal waiting for its 24 hours; pending_set says whether there is one at all.
      t.boolean('pending_set').notNullable().defaultTo(false);
      t.bigInteger('pending_limit_cents');
      t.timestamp('pending_effective_at', { useTz: true });
      t.text('last_key');
      t.timestamp('updated_at', { useTz: true }).notNullable();
    });
    await db.raw(`
      alter table spending_limits
        add constraint spending_limits_positive check (
          (limit_cents is null or limit_cents > 0) and (pending_limit_cents is null or pending_limit_cents > 0)
        ),
        add constraint spending_limits_pending check (pending_set = (pending_effective_at is not null))
    `);
    // Purchases of a month per user (spending limit) and the monthly sums.
    await db.raw('create index purchases_user_created on purchases (user_id, created_at)');
  },
};
