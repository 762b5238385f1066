import { businessRule, conflict, invalid, inTransaction, notFound, type DomainError } from '@touchline/kit';
import type { TradeOffer } from '@touchline/protos/gen/touchline/trading/TradeOffer';
import {
  findOffer,
  findOfferByKey,
  insertOffer,
  offersOfThread,
  setOfferStatus,
  termsOf,
  type Offer,
} from '../db/offers';
import {
  checkNote,
  checkOfferTerms,
  MAX_COUNTER_STEPS,
  OFFER_EXPIRED,
  OFFER_NOT_FOUND,
  sameTerms,
  TOO_MANY_COUNTERS,
  type OfferTerms,
} from '../domain/offer';
import { gate, type Gate } from '../domain/transitions';
import { offerMessage } from '../mappers';
import { checkCards, checkCoins, checkUsers } from './create-offer';
import type { TradingDeps } from './deps';
import { voidOffer } from './voiding';

export interface CounterInput {
  userId: number;
  offerId: number;
  offeredCardIds: number[];
  offeredCoins: number;
  requestedCardIds: number[];
  requestedCoins: number;
  note: string;
  idempotencyKey: string;
}

const gateOf = (offer: Offer | undefined, userId: number, now: Date): Gate =>
  gate(
    offer && {
      fromUserId: offer.from_user_id,
      toUserId: offer.to_user_id,
      status: offer.status,
      expiresAt: offer.expires_at,
    },
    userId,
    'counter',
    now,
  );

/** A retry with the same key answers the counter it made; the key cannot make another one. */
function repeat(earlier: Offer, input: CounterInput, terms: OfferTerms, now: Date): TradeOffer {
  if (earlier.counter_of !== input.offerId || !sameTerms(termsOf(earlier), terms))
    throw conflict('Idempotency key was used for another offer');
  return offerMessage(earlier, now);
}

/**
 * The recipient of a pending offer answers it with an offer the other way (docs/features.md,
 * counter-offers). The checks are a new offer's; then, in one transaction under the original's row
 * lock, the original becomes `countered` and the counter is stored pointing to it, so of two
 * counters, or a counter and an accept, racing for one offer exactly one goes through. Accepting
 * the counter later is the ordinary accept saga.
 */
export async function counterOffer(deps: TradingDeps, input: CounterInput): Promise<TradeOffer> {
  if (!input.idempotencyKey) throw invalid('idempotency_key is required');
  const now = deps.clock.now();
  const original = await findOffer(deps.db, input.offerId);
  const first = gateOf(original, input.userId, now);
  const toUserId = original?.from_user_id ?? 0;
  const terms = { ...input, fromUserId: input.userId, toUserId };

  const earlier = await findOfferByKey(deps.db, input.userId, input.idempotencyKey);
  if (earlier) return repeat(earlier, input, terms, now);
  if (first.kind === 'refuse') throw first.error;
  if (first.kind === 'expire') {
    await inTransaction(deps.db, async (trx) => {
      const locked = await findOffer(trx, input.offerId, true);
      if (locked) await voidOffer(deps, trx, locked, 'expired', now);
    });
    throw conflict(OFFER_EXPIRED);
  }
  // Only the latest offer of a thread is pending, so its step is the thread's.
  const step = original!.thread_step + 1;
  if (step > MAX_COUNTER_STEPS) throw businessRule(TOO_MANY_COUNTERS);

  const checked = checkOfferTerms(terms);
  const note = checkNote(input.note);
  await checkUsers(deps, checked, note);
  await Promise.all([checkCards(deps, checked), checkCoins(deps, checked)]);

  const result = await inTransaction(
    deps.db,
    async (trx): Promise<{ offer: Offer } | { error: DomainError } | { sameKey: true }> => {
      const locked = await findOffer(trx, input.offerId, true);
      const verdict = gateOf(locked, input.userId, deps.clock.now());
      if (verdict.kind === 'refuse') return { error: verdict.error };
      if (verdict.kind !== 'go') return { error: conflict(OFFER_EXPIRED) };
      const threadId = locked!.thread_id ?? locked!.id;
      await setOfferStatus(trx, locked!.id, { status: 'countered', status_reason: '' }, now);
      const counter = await insertOffer(trx, checked, {
        note,
        wishId: null,
        key: input.idempotencyKey,
        now,
        expiresAt: new Date(now.getTime() + deps.config.OFFER_TTL_MS),
        counter: { of: locked!.id, threadId, step },
      });
      // The same key inserted first (a concurrent retry): roll this one back and answer that one.
      if (!counter) throw new SameKey();
      await deps.outbox.add(trx, 'trading.offer.created', String(counter.id), {
        offerId: counter.id,
        fromUserId: checked.fromUserId,
        toUserId: checked.toUserId,
        offeredCardIds: checked.offeredCardIds,
        offeredCoins: checked.offeredCoins,
        requestedCardIds: checked.requestedCardIds,
        requestedCoins: checked.requestedCoins,
        wishId: 0,
        createdAt: now.toISOString(),
        counterOfOfferId: locked!.id,
      });
      await deps.outbox.add(trx, 'trading.offer.countered', String(locked!.id), {
        offerId: locked!.id,
        fromUserId: locked!.from_user_id,
        toUserId: locked!.to_user_id,
        counterOfferId: counter.id,
        threadId,
        threadStep: step,
        counteredAt: now.toISOString(),
      });
      return { offer: counter };
    },
  ).catch((error: unknown) => {
    if (error instanceof SameKey) return { sameKey: true as const };
    throw error;
  });
  if ('offer' in result) return offerMessage(result.offer, now);
  // Refused under the lock: a concurrent retry with the same key may be why (it countered first).
  const winner = await findOfferByKey(deps.db, input.userId, input.idempotencyKey);
  if (winner) return repeat(winner, input, terms, now);
  throw 'error' in result ? result.error : conflict(OFFER_EXPIRED);
}

class SameKey extends Error {}

/** The negotiation an offer belongs to, oldest first; only its two parties may read it. */
export async function offerThread(
  deps: TradingDeps,
  request: { userId: number; offerId: number },
): Promise<{ offers: TradeOffer[] }> {
  const offer = await findOffer(deps.db, request.offerId);
  if (!offer || (offer.from_user_id !== request.userId && offer.to_user_id !== request.userId))
    throw notFound(OFFER_NOT_FOUND);
  const now = deps.clock.now();
  const offers = await offersOfThread(deps.db, offer.thread_id ?? offer.id);
  return { offers: offers.map((o) => offerMessage(o, now)) };
}
