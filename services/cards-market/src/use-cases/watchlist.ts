import { businessRule, inTransaction, invalid, notFound } from '@touchline/kit';
import type { PriceAlert__Output as PriceAlert } from '@touchline/protos/gen/touchline/cards_market/PriceAlert';
import type { WatchlistEntry } from '@touchline/protos/gen/touchline/cards_market/WatchlistEntry';
import {
  alertsOf,
  countWatched,
  deleteAlert,
  deleteWatch,
  findWatch,
  insertAlert,
  insertWatch,
  lockedPrice,
  lockUserWatchlist,
  watchedPlayers,
  type AlertRow,
  type WatchRow,
} from '../db/watchlist';
import { playerMessage } from '../mappers';
import {
  ALERT_NOT_FOUND,
  ALERTS_FULL,
  alertMet,
  checkAlert,
  MAX_ALERTS_PER_PLAYER,
  MAX_WATCHED_PLAYERS,
  NOT_WATCHED,
  PLAYER_NOT_FOUND,
  WATCHLIST_FULL,
} from '../domain/watchlist';
import type { CardsDeps } from './deps';

function alertMessage(row: AlertRow): PriceAlert {
  return {
    id: Number(row.id),
    playerId: row.player_id,
    direction: row.direction,
    threshold: Number(row.threshold),
    met: row.met,
    lastTriggeredAt: row.last_triggered_at?.toISOString() ?? '',
    createdAt: row.created_at.toISOString(),
  };
}

async function entries(deps: CardsDeps, watches: WatchRow[], alerts: AlertRow[]): Promise<WatchlistEntry[]> {
  const players = await deps.players.get(watches.map((w) => w.player_id));
  return watches.flatMap((w) => {
    const player = players.get(w.player_id);
    if (!player) return [];
    return [
      {
        player: playerMessage(player, deps.players.change(player.id)),
        watchedAt: w.created_at.toISOString(),
        alerts: alerts.filter((a) => a.player_id === w.player_id).map(alertMessage),
      },
    ];
  });
}

const userOf = (userId: number) => {
  if (!Number.isSafeInteger(userId) || userId <= 0) throw invalid('user_id is required');
  return userId;
};

/** The user's watched players, newest first, each with its live price, 24-hour change and alerts. */
export async function listWatchlist(deps: CardsDeps, userId: number): Promise<{ entries: WatchlistEntry[] }> {
  const [watches, alerts] = await Promise.all([
    watchedPlayers(deps.db, userOf(userId)),
    alertsOf(deps.db, userId),
  ]);
  return { entries: await entries(deps, watches, alerts) };
}

/** Stars a player; at most MAX_WATCHED_PLAYERS, counted under the user's lock. Repeats answer the entry. */
export async function watchPlayer(deps: CardsDeps, request: { userId: number; playerId: number }) {
  const userId = userOf(request.userId);
  if (!(await deps.players.get([request.playerId])).size) throw notFound(PLAYER_NOT_FOUND);
  const now = deps.clock.now();
  const { row, created } = await inTransaction(deps.db, async (trx) => {
    await lockUserWatchlist(trx, userId);
    const existing = await findWatch(trx, userId, request.playerId);
    if (existing) return { row: existing, created: false };
    if ((await countWatched(trx, userId)) >= MAX_WATCHED_PLAYERS) throw businessRule(WATCHLIST_FULL);
    return { row: (await insertWatch(trx, userId, request.playerId, now))!, created: true };
  });
  const alerts = await alertsOf(deps.db, userId, [request.playerId]);
  return { entry: (await entries(deps, [row], alerts))[0], created };
}

export async function unwatchPlayer(deps: CardsDeps, request: { userId: number; playerId: number }) {
  const userId = userOf(request.userId);
  await inTransaction(deps.db, async (trx) => {
    await lockUserWatchlist(trx, userId);
    await deleteWatch(trx, userId, request.playerId);
  });
  return {};
}

/**
 * An alert on a watched player; at most MAX_ALERTS_PER_PLAYER. The same direction and price again
 * answers the existing alert. It starts on the side of the line the current price is on.
 */
export async function setPriceAlert(
  deps: CardsDeps,
  request: { userId: number; playerId: number; direction: string; threshold: number },
) {
  const userId = userOf(request.userId);
  const { direction, threshold } = checkAlert(request.direction, request.threshold);
  if (!(await deps.players.get([request.playerId])).size) throw notFound(PLAYER_NOT_FOUND);
  const now = deps.clock.now();
  return inTransaction(deps.db, async (trx) => {
    await lockUserWatchlist(trx, userId);
    if (!(await findWatch(trx, userId, request.playerId))) throw businessRule(NOT_WATCHED);
    const current = await alertsOf(trx, userId, [request.playerId]);
    const same = current.find((a) => a.direction === direction && Number(a.threshold) === threshold);
    if (same) return { alert: alertMessage(same), created: false };
    if (current.length >= MAX_ALERTS_PER_PLAYER) throw businessRule(ALERTS_FULL);
    const price = (await lockedPrice(trx, request.playerId))!;
    const row = await insertAlert(trx, {
      user_id: userId,
      player_id: request.playerId,
      direction,
      threshold,
      met: alertMet(direction, threshold, price),
      created_at: now,
    });
    return { alert: alertMessage(row!), created: true };
  });
}

export async function removePriceAlert(deps: CardsDeps, request: { userId: number; alertId: number }) {
  const userId = userOf(request.userId);
  const removed = await inTransaction(deps.db, (trx) => deleteAlert(trx, userId, request.alertId));
  if (removed === 0) throw notFound(ALERT_NOT_FOUND);
  return {};
}
