import { conflict, type DomainError, inTransaction } from '@touchline/kit';
import type { TradeOffer } from '@touchline/protos/gen/touchline/trading/TradeOffer';
import { findOffer, setOfferStatus } from '../db/offers';
import { offerMessage } from '../mappers';
import { OFFER_EXPIRED } from '../domain/offer';
import { ACTION_RESULT, gate } from '../domain/transitions';
import type { TradingDeps } from './deps';
import { voidOffer } from './voiding';

/**
 * The recipient declines or the sender cancels a pending offer, in one locked transaction (a racing
 * accept either took the offer first, and this is refused, or finds it declined or cancelled).
 * Repeating the same answer returns the offer as it is.
 */
export async function respondToOffer(
  deps: TradingDeps,
  request: { userId: number; offerId: number },
  action: 'decline' | 'cancel',
): Promise<{ offer: TradeOffer }> {
  const result = await inTransaction(
    deps.db,
    async (trx): Promise<{ offer: TradeOffer } | { error: DomainError }> => {
      const offer = await findOffer(trx, request.offerId, true);
      const now = deps.clock.now();
      const verdict = gate(
        offer && {
          fromUserId: offer.from_user_id,
          toUserId: offer.to_user_id,
          status: offer.status,
          expiresAt: offer.expires_at,
        },
        request.userId,
        action,
        now,
      );
      if (verdict.kind === 'refuse') return { error: verdict.error };
      if (verdict.kind === 'expire') {
        await voidOffer(deps, trx, offer!, 'expired', now);
        return { error: conflict(OFFER_EXPIRED) };
      }
      if (verdict.kind === 'repeat') return { offer: offerMessage(offer!, now) };
      const status = ACTION_RESULT[action];
      await setOfferStatus(trx, offer!.id, { status, status_reason: '' }, now);
      const facts = { offerId: offer!.id, fromUserId: offer!.from_user_id, toUserId: offer!.to_user_id };
      if (action === 'decline')
        await deps.outbox.add(trx, 'trading.offer.declined', String(offer!.id), {
          ...facts,
          declinedAt: now.toISOString(),
        });
      else
        await deps.outbox.add(trx, 'trading.offer.cancelled', String(offer!.id), {
          ...facts,
          cancelledAt: now.toISOString(),
        });
      return { offer: offerMessage({ ...offer!, status, status_reason: '', updated_at: now }, now) };
    },
  );
  // Thrown after the transaction, so an expiry found on the way is kept.
  if ('error' in result) throw result.error;
  return result;
}
