import { markReleased, type BidRow } from '../db/auctions';
import type { CardsDeps } from './deps';

/** The wallet hold of a bid: the key of every wallet call about its coins. */
export const bidHoldKey = (bidId: number) => `auction-bid:${bidId}`;

/** Voids the holds of bids that lost or were refused. A failure is left to the sweeper, which tries again. */
export async function releaseHolds(deps: CardsDeps, bids: BidRow[]): Promise<void> {
  for (const bid of bids) {
    try {
      await deps.wallet.VoidHold({ holdKey: bidHoldKey(bid.id), reason: bid.failure ?? 'outbid' });
      await markReleased(deps.db, bid.id, deps.clock.now());
    } catch (error) {
      deps.logger.warn({ err: error, bidId: bid.id }, 'could not release an auction bid hold yet');
    }
  }
}
