import type { Migration } from '@touchline/kit';

/**
 * Platform accounts stop being a lock every posting waits on (decision 0020). Every market buy,
 * pack and reward moved `platform:market` or `platform:mint` in its own row, so all of them queued
 * on that row from their lock to their commit (bench:crowd, 250 players: the accounts lock waited
 * 6.9 ms on average, 8.8 s in 30 s). A posting now appends the platform's side here; the wallet folds
 * the changes into the row in the background, and `account_balances` adds those not yet folded.
 */
export const platformBalanceChanges: Migration = {
  name: '010_platform_balance_changes',
  async up(db) {
    await db.schema.createTable('platform_balance_changes', (t) => {
      t.bigIncrements('id').primary();
      t.text('account').notNullable();
      t.bigInteger('amount').notNullable();
    });
    // A user account's row is its balance; only a platform account's adds the changes not yet folded.
    await db.raw(`
      create view account_balances as
      select a.name, a.kind,
             case when a.kind = 'platform'
               then a.balance + coalesce(
                 (select sum(c.amount) from platform_balance_changes c where c.account = a.name), 0)
               else a.balance
             end::bigint as balance,
             a.held
        from accounts a`);
  },
};
