import type { Knex } from 'knex';

/**
 * Moves the platform balance changes appended by postings into their accounts' rows, in one
 * statement: the rows it deletes are the ones it adds, so a reader of account_balances sees each
 * change once, before or after (decision 0020). Returns how many changes it folded.
 */
export async function foldPlatformBalanceChanges(db: Knex): Promise<number> {
  const { rows } = (await db.raw(`
    with moved as (delete from platform_balance_changes returning account, amount),
    totals as (select account, sum(amount)::bigint as total, count(*)::int as n from moved group by account),
    folded as (
      update accounts as a set balance = a.balance + totals.total, updated_at = now()
        from totals
       where a.name = totals.account
    )
    select coalesce(sum(n), 0)::int as n from totals`)) as { rows: { n: number }[] };
  return rows[0]?.n ?? 0;
}
