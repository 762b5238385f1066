import { inTransaction, invalid, notFound } from '@touchline/kit';
import type { GetPriceHistoryRequest__Output } from '@touchline/protos/gen/touchline/cards_market/GetPriceHistoryRequest';
import { netDemand } from '../db/demand';
import {
  claimTick,
  lockPriceTicks,
  playerPrices,
  previousTickAt,
  priceHistoryBetween,
  recordPriceHistory,
  setPrices,
} from '../db/prices';
import { pricesAt } from '../db/queries';
import { fireCrossedAlerts } from '../db/watchlist';
import { dueTick } from '../domain/market-hours';
import { percentChange } from '../domain/player';
import { nextPrice } from '../domain/price-engine';
import type { CardsDeps } from './deps';

/**
 * Runs the 5-minute tick due now, if any and not run yet. The tick row (primary key: the tick
 * number) is inserted in the same transaction as the new prices, behind an advisory lock, so each
 * tick happens once even with several replicas of cards-market. Returns whether it ticked.
 */
export async function runDueTick(deps: CardsDeps): Promise<boolean> {
  const interval = deps.config.PRICE_TICK_INTERVAL_MS;
  const due = dueTick(deps.clock.now(), deps.config.MARKET_HOURS, interval);
  if (!due) return false;
  const ticked = await inTransaction(deps.db, async (trx) => {
    await lockPriceTicks(trx);
    if (!(await claimTick(trx, due.tick, due.at))) return false;
    const previous = await previousTickAt(trx, due.tick);
    const since = previous ?? new Date(due.at.getTime() - interval);
    const demand = await netDemand(trx, since, due.at);
    const players = await playerPrices(trx);
    const next = players.map((p) => ({
      id: p.id,
      old: p.current_price,
      price: nextPrice(
        { playerId: p.id, current: p.current_price, base: p.base_price, netDemand: demand.get(p.id) ?? 0 },
        deps.priceKey,
        due.tick,
      ),
    }));
    const changed = next.filter((p) => p.price !== p.old);
    await setPrices(trx, changed);
    // Before this tick's history: the 24-hour change the pages show next to each new price.
    const dayAgo = await pricesAt(trx, new Date(due.at.getTime() - 24 * 3600_000));
    await recordPriceHistory(trx, due.at, next);
    const fired = await fireCrossedAlerts(trx, changed, due.at);
    if (fired.length > 0) {
      await deps.outbox.addMany(
        trx,
        'market.price_alert.triggered',
        fired.map((f) => ({
          key: String(f.id),
          payload: {
            alertId: f.id,
            userId: f.user_id,
            playerId: f.player_id,
            playerName: f.player_name,
            direction: f.direction,
            threshold: f.threshold,
            price: f.price,
            previousPrice: next.find((p) => p.id === f.player_id)?.old ?? 0,
            tick: due.tick,
            triggeredAt: due.at.toISOString(),
          },
        })),
      );
    }
    await deps.outbox.add(trx, 'market.prices.ticked', 'market', {
      tick: due.tick,
      tickedAt: due.at.toISOString(),
      prices: changed.map((p) => ({
        playerId: p.id,
        price: p.price,
        previousPrice: p.old,
        priceChange: percentChange(p.price, dayAgo.get(p.id) ?? p.old),
      })),
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
  const rows = await priceHistoryBetween(deps.db, request.playerId, from, to, 20_000);
  return {
    playerId: request.playerId,
    points: rows.map((r) => ({ at: r.at.toISOString(), price: r.price })),
  };
}
