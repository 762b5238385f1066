import type { Knex } from 'knex';

export interface PlayerPrice {
  id: number;
  current_price: number;
  base_price: number;
}

/** Serialises price ticks across replicas until the transaction ends. */
export async function lockPriceTicks(trx: Knex.Transaction): Promise<void> {
  await trx.raw(`select pg_advisory_xact_lock(hashtext('cards_market.price_tick'))`);
}

/** Records the tick; false when it was recorded already (it ran). */
export async function claimTick(trx: Knex.Transaction, tick: number, at: Date): Promise<boolean> {
  const inserted = await trx('ticks')
    .insert({ tick, ticked_at: at })
    .onConflict('tick')
    .ignore()
    .returning('tick');
  return inserted.length > 0;
}

/** When the last tick before `tick` ran, if any did. */
export async function previousTickAt(trx: Knex.Transaction, tick: number): Promise<Date | undefined> {
  const row = (await trx('ticks').where('tick', '<', tick).orderBy('tick', 'desc').first('ticked_at')) as
    { ticked_at: Date } | undefined;
  return row?.ticked_at;
}

export async function playerPrices(trx: Knex.Transaction): Promise<PlayerPrice[]> {
  return (await trx('players').select('id', 'current_price', 'base_price')) as PlayerPrice[];
}

export async function setPrices(
  trx: Knex.Transaction,
  changed: { id: number; price: number }[],
): Promise<void> {
  if (changed.length === 0) return;
  await trx.raw(
    `update players set current_price = v.price from (select unnest(?::int[]) as id, unnest(?::bigint[]) as price) v where players.id = v.id`,
    [changed.map((p) => p.id), changed.map((p) => p.price)],
  );
}

/** Every player's price at `at`, in batches of 500 rows. */
export async function recordPriceHistory(
  trx: Knex.Transaction,
  at: Date,
  prices: { id: number; price: number }[],
): Promise<void> {
  for (let i = 0; i < prices.length; i += 500) {
    await trx('price_history').insert(
      prices.slice(i, i + 500).map((p) => ({ player_id: p.id, at, price: p.price })),
    );
  }
}

export async function priceHistoryBetween(
  db: Knex,
  playerId: number,
  from: Date,
  to: Date,
  limit: number,
): Promise<{ at: Date; price: number }[]> {
  return (await db('price_history')
    .where({ player_id: playerId })
    .whereBetween('at', [from, to])
    .orderBy('at')
    .limit(limit)
    .select('at', 'price')) as { at: Date; price: number }[];
}
