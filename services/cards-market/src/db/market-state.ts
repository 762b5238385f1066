import type { Knex } from 'knex';

/** Records whether the market is open; true when this call changed it (or recorded it first). */
export async function recordMarketOpen(trx: Knex.Transaction, isOpen: boolean, at: Date): Promise<boolean> {
  const { rows } = (await trx.raw(
    `insert into market_state (id, is_open, changed_at) values (1, ?, ?)
     on conflict (id) do update set is_open = excluded.is_open, changed_at = excluded.changed_at
       where market_state.is_open is distinct from excluded.is_open
     returning id`,
    [isOpen, at],
  )) as { rows: unknown[] };
  return rows.length > 0;
}
