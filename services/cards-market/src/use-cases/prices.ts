import { invalid, notFound } from '@touchline/kit';
import type { GetPriceHistoryRequest__Output } from '@touchline/protos/gen/touchline/cards_market/GetPriceHistoryRequest';
import { dueTick, TICK_MINUTES } from '../domain/market-hours';
import { nextPrice } from '../domain/price-engine';
import type { CardsDeps } from './deps';

/**
 * Runs the 5-minute tick due now, if any and not run yet. The tick row (primary key: the tick
 * number) is inserted in the same transaction as the new prices, behind an advisory lock, so each
 * tick happens once even with several replicas of cards-market. Returns whether it ticked.
 */
export async function runDueTick(deps: CardsDeps): Promise<boolean> {
  const due = dueTick(deps.clock.now(), deps.config.MARKET_HOURS);
  if (!due) return false;
  const ticked = await deps.db.transaction(async (trx) => {
    await trx.raw(`select pg_advisory_xact_lock(hashtext('cards_market.price_tick'))`);
    const inserted = await trx('ticks')
      .insert({ tick: due.tick, ticked_at: due.at })
      .onConflict('tick')
      .ignore()
      .returning('tick');
    if (inserted.length === 0) return false;
    const previous = (await trx('ticks')
      .where('tick', '<', due.tick)
      .orderBy('tick', 'desc')
      .first('ticked_at')) as { ticked_at: Date } | undefined;
    const since = previous?.ticked_at ?? new Date(due.at.getTime() - TICK_MINUTES * 60_000);
    const demandRows = (await trx('demand')
      .where('at', '>', since)
      .andWhere('at', '<=', due.at)
      .groupBy('player_id')
      .select('player_id', trx.raw('sum(delta)::int as net'))) as { player_id: number; net: number }[];
    const demand = new Map(demandRows.map((r) => [r.player_id, r.net]));
    const players = (await trx('players').select('id', 'current_price', 'base_price')) as {
      id: number;
      current_price: number;
      base_price: number;
    }[];
    const next = players.map((p) => ({
      id: p.id,
      old: p.current_price,
      price: nextPrice(
        { playerId: p.id, current: p.current_price, base: p.base_price, netDemand: demand.get(p.id) ?? 0 },
        deps.config.PRICE_SEED,
        due.tick,
      ),
    }));
    const changed = next.filter((p) => p.price !== p.old);
    if (changed.length > 0) {
      await trx.raw(
        `update players set current_price = v.price from (select unnest(?::int[]) as id, unnest(?::bigint[]) as price) v where players.id = v.id`,
        [changed.map((p) => p.id), changed.map((p) => p.price)],
      );
    }
    for (let i = 0; i < next.length; i += 500) {
      await trx('price_history').insert(
        next.slice(i, i + 500).map((p) => ({ player_id: p.id, at: due.at, price: p.price })),
      );
    }
    await deps.outbox.add(trx, 'market.prices.ticked', 'market', {
      tick: due.tick,
      tickedAt: due.at.toISOString(),
      prices: changed.map((p) => ({ playerId: p.id, price: p.price, previousPrice: p.old })),
    });
    return true;
  });
  if (ticked) deps.players.invalidate();
  return ticked;
}

const RANGES: Record<string, number> = { '1d': 1, '1w': 7, '1m': 30, '3m': 90, all: 3650 };

export async function priceHistory(deps: CardsDeps, request: GetPriceHistoryRequest__Output) {
  const days = RANGES[request.range || '1d'];
  if (!request.from && days === undefined)
    throw invalid(`range must be one of ${Object.keys(RANGES).join(', ')}`);
  const found = await deps.players.get([request.playerId]);
  if (!found.size) throw notFound('Player not found');
  const to = request.to ? new Date(request.to) : deps.clock.now();
  const from = request.from ? new Date(request.from) : new Date(to.getTime() - days! * 24 * 3600_000);
  if (Number.isNaN(from.getTime()) || Number.isNaN(to.getTime()))
    throw invalid('from and to must be ISO dates');
  const rows = (await deps
    .db('price_history')
    .where({ player_id: request.playerId })
    .whereBetween('at', [from, to])
    .orderBy('at')
    .limit(20_000)
    .select('at', 'price')) as { at: Date; price: number }[];
  return {
    playerId: request.playerId,
    points: rows.map((r) => ({ at: r.at.toISOString(), price: r.price })),
  };
}
