import { invalid } from '@touchline/kit';
import { OFFER_LIST_LIMIT } from '@touchline/rules';
import type { TradeOffer } from '@touchline/protos/gen/touchline/trading/TradeOffer';
import { countOpenOffersTo, offersOf } from '../db/offers';
import { offerMessage } from '../mappers';
import type { TradingDeps } from './deps';

const STATUS_FILTERS = [
  '',
  'pending',
  'accepted',
  'declined',
  'cancelled',
  'voided',
  'expired',
  'countered',
  'all',
];

type Direction = 'incoming' | 'outgoing';
const partyColumn = (direction: Direction): 'to_user_id' | 'from_user_id' =>
  direction === 'incoming' ? 'to_user_id' : 'from_user_id';

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
  const status = request.status || 'pending';
  const offers = await offersOf(
    deps.db,
    partyColumn(direction),
    request.userId,
    status,
    now,
    OFFER_LIST_LIMIT,
  );
  return { offers: offers.map((o) => offerMessage(o, now)) };
}

/** The profile alert and the bottom-nav dot: open, unexpired offers to the user. */
export async function countIncomingPending(deps: TradingDeps, userId: number): Promise<{ count: number }> {
  return { count: await countOpenOffersTo(deps.db, userId, deps.clock.now()) };
}
