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
