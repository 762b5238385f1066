import { inTransaction, type Tx } from '@touchline/kit';
import { lockLapsedOffers, setOfferStatus, type OfferRow } from '../db/offers';
import { VOID_MESSAGES, type VoidReason } from '../domain/offer';
import type { TradingDeps } from './deps';

/**
 * Ends an open offer that can no longer be traded, with trading.offer.voided. An offer an accept
 * saga owns is only marked: the saga decides (if it commits, the cards did move through it; if it
 * fails, the offer ends voided instead of going back to pending).
 */
export async function voidOffer(
  deps: Pick<TradingDeps, 'outbox'>,
  trx: Tx,
  offer: OfferRow,
  reason: VoidReason,
  now: Date,
): Promise<void> {
  if (offer.status === 'accepting') {
    if (!offer.pending_void) await setOfferStatus(trx, offer.id, { pending_void: reason }, now);
    return;
  }
  if (offer.status !== 'pending') return;
  await setOfferStatus(
    trx,
    offer.id,
    { status: reason === 'expired' ? 'expired' : 'voided', status_reason: VOID_MESSAGES[reason] },
    now,
  );
  await deps.outbox.add(trx, 'trading.offer.voided', String(offer.id), {
    offerId: offer.id,
    fromUserId: offer.from_user_id,
    toUserId: offer.to_user_id,
    reason,
    voidedAt: now.toISOString(),
  });
}

/** Marks pending offers past their expiry as expired (reads already treat them so). Returns how many. */
export async function expireOffers(deps: TradingDeps, limit = 500): Promise<number> {
  const now = deps.clock.now();
  return inTransaction(deps.db, async (trx) => {
    const due = await lockLapsedOffers(trx, now, limit);
    for (const offer of due) await voidOffer(deps, trx, offer, 'expired', now);
    return due.length;
  });
}
