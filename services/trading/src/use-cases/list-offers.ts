import { invalid } from '@touchline/kit';
import type { TradeOffer } from '@touchline/protos/gen/touchline/trading/TradeOffer';
import { offerMessage, withCards, type OfferRow } from '../db/offers';
import { OPEN_STATUSES } from '../domain/offer';
import type { TradingDeps } from './deps';

const LIST_LIMIT = 200;
const STATUS_FILTERS = ['', 'pending', 'accepted', 'declined', 'cancelled', 'voided', 'expired', 'all'];

type Direction = 'incoming' | 'outgoing';
const partyColumn = (direction: Direction) => (direction === 'incoming' ? 'to_user_id' : 'from_user_id');

/**
 * A user's offers one way, newest first. "pending" (the default) means open and not lapsed: an offer
 * past its expiry is expired on every read, before the expiry job gets to it.
 */
export async function listOffers(
  deps: TradingDeps,
  request: { userId: number; status: string },
  direction: Direction,
): Promise<{ offers: TradeOffer[] }> {
  if (!STATUS_FILTERS.includes(request.status)) throw invalid('Unknown offer status');
  const now = deps.clock.now();
  const query = deps
    .db('trade_offers')
    .where(partyColumn(direction), request.userId)
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(LIST_LIMIT);
  const status = request.status || 'pending';
  if (status === 'pending') query.whereIn('status', OPEN_STATUSES).where('expires_at', '>', now);
  else if (status === 'expired')
    query.where((q) =>
      q
        .where('status', 'expired')
        .orWhere((p) => p.where('status', 'pending').where('expires_at', '<=', now)),
    );
  else if (status !== 'all') query.where('status', status);
  const offers = await withCards(deps.db, (await query) as OfferRow[]);
  return { offers: offers.map((o) => offerMessage(o, now)) };
}

/** The profile alert and the bottom-nav dot: open, unexpired offers to the user. */
export async function countIncomingPending(deps: TradingDeps, userId: number): Promise<{ count: number }> {
  const [row] = (await deps
    .db('trade_offers')
    .where('to_user_id', userId)
    .whereIn('status', OPEN_STATUSES)
    .where('expires_at', '>', deps.clock.now())
    .count({ n: '*' })) as { n: number | string }[];
  return { count: Number(row?.n ?? 0) };
}
