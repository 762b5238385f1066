import type { Knex } from 'knex';

/** One unit of demand for a player (+1 bought or taken off sale, -1 listed); the price tick sums them. */
export async function recordDemand(
  trx: Knex.Transaction,
  playerId: number,
  delta: number,
  at: Date,
): Promise<void> {
  await trx('demand').insert({ player_id: playerId, delta, at });
}

/** Each player's net demand in (since, until]; players without any are absent. */
export async function netDemand(
  trx: Knex.Transaction,
  since: Date,
  until: Date,
): Promise<Map<number, number>> {
  const rows = (await trx('demand')
    .where('at', '>', since)
    .andWhere('at', '<=', until)
    .groupBy('player_id')
    .select('player_id', trx.raw('sum(delta)::int as net'))) as { player_id: number; net: number }[];
  return new Map(rows.map((r) => [r.player_id, r.net]));
}

/**
 * Demand that came from outside the market (a scored matchday), one row per player and source: a
 * repeat of the same source adds nothing. Returns how many rows were new.
 */
export async function recordSourcedDemand(
  trx: Knex.Transaction,
  source: string,
  rows: readonly { playerId: number; delta: number }[],
  at: Date,
): Promise<number> {
  if (rows.length === 0) return 0;
  const inserted = (await trx('demand')
    .insert(rows.map((r) => ({ player_id: r.playerId, delta: r.delta, at, source })))
    .onConflict(trx.raw('(source, player_id) where source is not null'))
    .ignore()
    .returning('id')) as unknown[];
  return inserted.length;
}
