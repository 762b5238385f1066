import {
  businessRule,
  conflict,
  forbidden,
  invalid,
  notFound,
  pending,
  type DomainError,
  inTransaction,
} from '@touchline/kit';
import { UNDER_REVIEW } from '@touchline/rules';
import type { AcceptOfferRequest__Output } from '@touchline/protos/gen/touchline/trading/AcceptOfferRequest';
import type { AcceptOfferResponse } from '@touchline/protos/gen/touchline/trading/AcceptOfferResponse';
import { findOffer, type Offer } from '../db/offers';
import { offerMessage } from '../mappers';
import { findSaga, findSagaByKey, startSaga } from '../db/sagas';
import type { TradedCardSnapshot } from '../domain/history';
import { BEING_ACCEPTED, CARD_UNAVAILABLE, OFFER_EXPIRED, OFFER_NOT_FOUND } from '../domain/offer';
import { sagaIdOf } from '../domain/saga';
import { gate, type OfferState } from '../domain/transitions';
import { driveSaga, type KnownSaga } from './accept-saga';
import type { TradingDeps } from './deps';
import { voidOffer } from './voiding';

const stateOf = (offer: Offer | undefined): OfferState | undefined =>
  offer && {
    fromUserId: offer.from_user_id,
    toUserId: offer.to_user_id,
    status: offer.status,
    expiresAt: offer.expires_at,
  };

/** Names, rarities and what each giver paid, as they are now: the history rows and the event need them. */
async function snapshot(deps: TradingDeps, offer: Offer): Promise<TradedCardSnapshot[]> {
  const sides = [
    ...offer.offeredCardIds.map((id) => ({ id, from: offer.from_user_id, to: offer.to_user_id })),
    ...offer.requestedCardIds.map((id) => ({ id, from: offer.to_user_id, to: offer.from_user_id })),
  ];
  if (sides.length === 0) return [];
  const { cards } = await deps.cards.GetCardsByIds({ cardIds: sides.map((s) => s.id) });
  return sides.map((side) => {
    const card = cards.find((c) => c.id === side.id);
    if (!card) throw businessRule(CARD_UNAVAILABLE);
    return {
      cardId: card.id,
      playerId: card.player!.id,
      playerName: card.player!.name,
      rarity: card.player!.rarity,
      fromUserId: side.from,
      toUserId: side.to,
      purchasePrice: card.purchasePrice,
      currentPrice: card.player!.currentPrice,
    };
  });
}

/**
 * Runs the saga and answers as the RPC does: the accepted offer (as this driver wrote it, or read
 * when another finished it), or the reason it failed.
 */
async function answer(
  deps: TradingDeps,
  sagaId: string,
  offerId: number,
  known?: KnownSaga,
): Promise<AcceptOfferResponse> {
  const outcome = await driveSaga(deps, sagaId, known);
  if (outcome.kind === 'failed')
    throw outcome.failure === UNDER_REVIEW ? forbidden(UNDER_REVIEW) : businessRule(outcome.failure);
  return { offer: offerMessage(outcome.offer ?? (await findOffer(deps.db, offerId))!, deps.clock.now()) };
}

const RETRY_WAIT_MS = 10_000;

type Started =
  | { kind: 'new'; sagaId: string; known: KnownSaga }
  | { kind: 'resume'; sagaId: string }
  | { kind: 'refused'; error: DomainError };

/**
 * A retry of an accept whose holds are still being taken waits for that attempt's decision rather
 * than taking the same holds alongside it (two drivers holding at once could refuse each other).
 * Once decided, committing or releasing is safe from any number of drivers, so the retry joins in.
 */
async function resume(deps: TradingDeps, sagaId: string, offerId: number): Promise<AcceptOfferResponse> {
  const deadline = Date.now() + RETRY_WAIT_MS;
  while ((await findSaga(deps.db, sagaId))?.state === 'holding') {
    // Still undecided: the same key asked again later gets the outcome.
    if (Date.now() > deadline) throw pending(BEING_ACCEPTED);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return answer(deps, sagaId, offerId);
}

/**
 * The recipient accepts (docs/design.md#4-cross-service-operations-sagas): the offer becomes `accepting` under a new saga
 * attempt in one locked transaction, so a racing accept, decline, cancel or void sees it taken;
 * then the saga holds every card and coin and commits all, or voids all. The idempotency key names
 * the attempt: a retry with it follows the same saga to the same outcome.
 */
export async function acceptOffer(
  deps: TradingDeps,
  request: AcceptOfferRequest__Output,
): Promise<AcceptOfferResponse> {
  const key = request.idempotencyKey;
  if (!key) throw invalid('idempotency_key is required');
  // The offer, its cards and the saga already under this key, if any, in one read.
  const offer = await findOffer(deps.db, request.offerId, false, key);
  if (!offer || offer.to_user_id !== request.userId) {
    // Not the recipient: the gate tells a sender (403) from a stranger (404).
    const refusal = gate(stateOf(offer), request.userId, 'accept', deps.clock.now());
    throw refusal.kind === 'refuse' ? refusal.error : notFound(OFFER_NOT_FOUND);
  }
  if (offer.keySagaId) return resume(deps, offer.keySagaId, offer.id);
  const early = gate(stateOf(offer), request.userId, 'accept', deps.clock.now());
  if (early.kind === 'refuse') throw early.error;

  const cards = await snapshot(deps, offer);
  const started = await inTransaction(deps.db, async (trx): Promise<Started> => {
    const locked = (await findOffer(trx, offer.id, true))!;
    // Every saga is started under this lock with the next attempt: when the attempt is the one the
    // first read saw, no saga (under this key or any) began since, and that read found none.
    if (locked.attempt !== offer.attempt) {
      const raced = await findSagaByKey(trx, offer.id, key);
      if (raced) return { kind: 'resume', sagaId: raced.id };
    }
    const now = deps.clock.now();
    const verdict = gate(stateOf(locked), request.userId, 'accept', now);
    if (verdict.kind === 'refuse') return { kind: 'refused', error: verdict.error };
    if (verdict.kind === 'expire') {
      await voidOffer(deps, trx, locked, 'expired', now);
      return { kind: 'refused', error: conflict(OFFER_EXPIRED) };
    }
    const attempt = locked.attempt + 1;
    const sagaId = sagaIdOf(locked.id, attempt);
    const saga = await startSaga(
      trx,
      { id: sagaId, offer_id: locked.id, attempt, accept_key: key, cards },
      now,
    );
    return { kind: 'new', sagaId, known: { saga, offer: { ...locked, status: 'accepting', attempt } } };
  });
  // Thrown after the transaction, so an expiry found on the way is kept.
  if (started.kind === 'refused') throw started.error;
  if (started.kind === 'resume') return resume(deps, started.sagaId, offer.id);
  return answer(deps, started.sagaId, offer.id, started.known);
}
