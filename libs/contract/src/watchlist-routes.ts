import { z } from 'zod';
import { defineRoute } from './route';
import { EmptyBody, ErrorBody, SuccessMessage } from './schemas/common';
import { AlertParams, PlayerIdParams, PriceAlert, PriceAlertBody, WatchlistEntry } from './schemas/watchlist';

const error = ErrorBody;

/** The watchlist and its price alerts (docs/features.md, "Watchlist and price alerts"): the user's own. */
export const watchlist = {
  list: defineRoute({
    method: 'get',
    path: '/api/watchlist',
    summary: 'The players the user watches, newest first, with live price, 24h change and alerts',
    auth: 'session',
    responses: { 200: z.array(WatchlistEntry) },
  }),
  watch: defineRoute({
    method: 'put',
    path: '/api/watchlist/:playerId',
    summary: 'Watch a player (at most 50); watching a watched player answers it unchanged',
    auth: 'session',
    params: PlayerIdParams,
    body: EmptyBody,
    responses: { 200: WatchlistEntry, 201: WatchlistEntry, 404: error, 422: error },
  }),
  unwatch: defineRoute({
    method: 'delete',
    path: '/api/watchlist/:playerId',
    summary: 'Stop watching a player, with its alerts',
    auth: 'session',
    params: PlayerIdParams,
    responses: { 200: SuccessMessage },
  }),
  setAlert: defineRoute({
    method: 'post',
    path: '/api/watchlist/:playerId/alerts',
    summary:
      'Alert when the price crosses above or below a line (at most 2 per watched player); the same alert again answers it',
    auth: 'session',
    params: PlayerIdParams,
    body: PriceAlertBody,
    responses: { 200: PriceAlert, 201: PriceAlert, 404: error, 422: error },
  }),
  removeAlert: defineRoute({
    method: 'delete',
    path: '/api/watchlist/:playerId/alerts/:alertId',
    summary: 'Remove a price alert',
    auth: 'session',
    params: AlertParams,
    responses: { 200: SuccessMessage, 404: error },
  }),
} as const;
