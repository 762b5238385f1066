import { api, type PriceAlert, type WatchlistEntry } from '@touchline/contract';
import type { PriceAlert__Output } from '@touchline/protos/gen/touchline/cards_market/PriceAlert';
import type { WatchlistEntry__Output } from '@touchline/protos/gen/touchline/cards_market/WatchlistEntry';
import type { Clients } from '../clients';
import { playerJson } from '../compose/cards';
import { ContractRouter } from '../http/contract-router';

function alertJson(alert: PriceAlert__Output): PriceAlert {
  return {
    id: alert.id,
    playerId: alert.playerId,
    direction: alert.direction as PriceAlert['direction'],
    threshold: alert.threshold,
    met: alert.met,
    lastTriggeredAt: alert.lastTriggeredAt || null,
    createdAt: alert.createdAt,
  };
}

function entryJson(entry: WatchlistEntry__Output): WatchlistEntry {
  return {
    player: playerJson(entry.player!),
    watchedAt: entry.watchedAt,
    alerts: entry.alerts.map(alertJson),
  };
}

/** The user's watchlist and price alerts (docs/features.md, "Watchlist and price alerts"), kept by cards-market. */
export function watchlistRoutes(clients: Clients) {
  const { cardsMarket } = clients;
  return new ContractRouter()
    .add(api.watchlist.list, async ({ userId }) => {
      const { entries } = await cardsMarket.ListWatchlist({ userId });
      return { status: 200, body: entries.map(entryJson) };
    })
    .add(api.watchlist.watch, async ({ userId, params }) => {
      const { entry, created } = await cardsMarket.WatchPlayer({ userId, playerId: params.playerId });
      return { status: created ? 201 : 200, body: entryJson(entry!) };
    })
    .add(api.watchlist.unwatch, async ({ userId, params }) => {
      await cardsMarket.UnwatchPlayer({ userId, playerId: params.playerId });
      return { status: 200, body: { success: true as const, message: 'Removed from your watchlist' } };
    })
    .add(api.watchlist.setAlert, async ({ userId, params, body }) => {
      const { alert, created } = await cardsMarket.SetPriceAlert({
        userId,
        playerId: params.playerId,
        direction: body.direction,
        threshold: body.threshold,
      });
      return { status: created ? 201 : 200, body: alertJson(alert!) };
    })
    .add(api.watchlist.removeAlert, async ({ userId, params }) => {
      await cardsMarket.RemovePriceAlert({ userId, alertId: params.alertId });
      return { status: 200, body: { success: true as const, message: 'Price alert removed' } };
    }).router;
}
