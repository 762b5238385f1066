import { DomainError, isOutcomeUnknown, pending, inTransaction } from '@touchline/kit';
import { UNDER_REVIEW } from '@touchline/rules';
import {
  findOffer,
  openOffersWithCards,
  setOfferStatus,
  termsOf,
  updateOffer,
  type Offer,
} from '../db/offers';
import { advanceSaga, findSaga, moveSaga, type SagaRow } from '../db/sagas';
import { insertHistory } from '../db/trade-history';
import { fulfilWish, wishesClosing } from '../db/wishes';
import { tradeHistoryEntries, type TradedCardSnapshot } from '../domain/history';
import {
  CARD_UNAVAILABLE,
  NOT_ENOUGH_COINS,
  SENDER_SHORT,
  SERVICE_DOWN,
  TRADE_FINISHING,
  isExpired,
} from '../domain/offer';
import { holdPlan, received, type HoldStep } from '../domain/saga';
import type { TradingDeps } from './deps';
import { voidOffer } from './voiding';

export const TRADE_FAILED = 'This trade could not be completed';

/** `offer`: the accepted offer, when this driver finished the saga (it has the row the commit wrote). */
export type SagaOutcome = { kind: 'accepted'; offer?: Offer } | { kind: 'failed'; failure: string };

/** What a driver that has just started the saga already holds: the saga row and its offer. */
export interface KnownSaga {
  saga: SagaRow;
  offer: Offer;
}

/** What the accepting player reads when a hold is refused (peers' errors are DomainErrors, peers.ts). */
function holdFailure(step: HoldStep, error: unknown): string {
  if (isOutcomeUnknown(error)) return SERVICE_DOWN;
  const code = error instanceof DomainError ? error.code : undefined;
  if (step.kind === 'cards' && (code === 'conflict' || code === 'business_rule')) return CARD_UNAVAILABLE;
  if (step.kind === 'coins' && code === 'business_rule')
    return step.party === 'recipient' ? NOT_ENOUGH_COINS : SENDER_SHORT;
  // The wallet's review hold (docs/design.md#6-security): the player accepting hears why; the other
  // player's standing is not theirs to know.
  if (step.kind === 'coins' && code === 'forbidden')
    return step.party === 'recipient' ? UNDER_REVIEW : TRADE_FAILED;
  return TRADE_FAILED;
}

/** Reserves everything; the first refusal stops it and is returned (nothing is thrown). */
async function holdAll(deps: TradingDeps, saga: SagaRow, steps: HoldStep[]): Promise<string | undefined> {
  for (const step of steps) {
    try {
      const { status } =
        step.kind === 'cards'
          ? await deps.cards.HoldCards({
              holdKey: step.key,
              ownerUserId: step.ownerUserId,
              toUserId: step.toUserId,
              cardIds: step.cardIds,
              reason: 'trade',
              reference: saga.id,
            })
          : await deps.wallet.Hold({
              holdKey: step.key,
              fromAccount: step.from,
              toAccount: step.to,
              amount: step.amount,
              fee: step.fee,
              reason: 'trade',
              reference: saga.id,
            });
      // A tombstone: another driver of this saga already gave up on the key.
      if (status === 'voided') return TRADE_FAILED;
    } catch (error) {
      deps.logger.info({ err: error, sagaId: saga.id, hold: step.key }, 'trade hold refused');
      return holdFailure(step, error);
    }
  }
  return undefined;
}

async function commitAll(deps: TradingDeps, steps: HoldStep[]): Promise<void> {
  for (const step of steps) {
    if (step.kind === 'cards') await deps.cards.CommitCardHold({ holdKey: step.key });
    else await deps.wallet.CommitHold({ holdKey: step.key });
  }
}

/** Voids every key of the attempt, held or not: a hold still in flight then lands on a tombstone. */
async function voidAll(deps: TradingDeps, steps: HoldStep[], reason: string): Promise<void> {
  for (const step of steps) {
    if (step.kind === 'cards') await deps.cards.VoidCardHold({ holdKey: step.key, reason });
    else await deps.wallet.VoidHold({ holdKey: step.key, reason });
  }
}

function cardsOf(saga: SagaRow): TradedCardSnapshot[] {
  // pg parses jsonb; be lenient with a driver that hands back the text.
  return typeof saga.cards === 'string' ? (JSON.parse(saga.cards) as TradedCardSnapshot[]) : saga.cards;
}

/**
 * Everything committed: the offer is accepted, with its history rows, trading.trade.accepted, the
 * wish it answered fulfilled, and every other open offer or wish on the traded cards ended, all in
 * one transaction (the cards.card.transferred events of our own trade are skipped by the consumer).
 * The saga's conditional move takes its lock and decides, and the offer's update answers its row
 * (the cards of an offer never change: the driver's copy of them serves). Undefined when another
 * driver finished it.
 */
async function finishCommitted(deps: TradingDeps, sagaId: string, offer: Offer): Promise<Offer | undefined> {
  return inTransaction(deps.db, async (trx) => {
    const now = deps.clock.now();
    const saga = await advanceSaga(trx, sagaId, 'committing', 'committed', now);
    if (!saga) return undefined;
    const row = (await updateOffer(
      trx,
      saga.offer_id,
      { status: 'accepted', status_reason: '', pending_void: null },
      now,
    ))!;
    const accepted: Offer = {
      ...row,
      offeredCardIds: offer.offeredCardIds,
      requestedCardIds: offer.requestedCardIds,
    };
    const terms = termsOf(accepted);
    const cards = cardsOf(saga);
    const entries = tradeHistoryEntries(accepted.id, terms, cards);
    await insertHistory(
      trx,
      entries.map((e) => ({
        reference: e.reference,
        trade_type: 'trade',
        card_id: e.cardId,
        player_id: e.playerId,
        player_name: e.playerName,
        rarity: e.rarity,
        seller_user_id: e.sellerUserId,
        buyer_user_id: e.buyerUserId,
        sale_price: e.salePrice,
        profit_loss: e.profitLoss,
        created_at: now,
      })),
    );
    await deps.outbox.add(trx, 'trading.trade.accepted', String(accepted.id), {
      offerId: accepted.id,
      fromUserId: accepted.from_user_id,
      toUserId: accepted.to_user_id,
      cards: cards.map(({ purchasePrice: _paid, ...card }) => card),
      offeredCoins: accepted.offered_coins,
      requestedCoins: accepted.requested_coins,
      ...received(terms),
      wishId: accepted.wish_id ?? 0,
      acceptedAt: now.toISOString(),
    });
    // Fulfilled first, so the closing of the open wishes on the cards below leaves it fulfilled.
    if (accepted.wish_id) await fulfilWish(trx, accepted.wish_id, now);
    const traded = cards.map((c) => c.cardId);
    // The wishes on the cards end in the statement that finds the offers on them (one round trip).
    const wishes =
      traded.length > 0 ? wishesClosing(trx, traded, 'voided', 'The card changed owner', now) : undefined;
    const seen = new Set<number>([accepted.id]);
    for (const other of await openOffersWithCards(trx, traded, wishes)) {
      if (seen.has(other.id)) continue;
      seen.add(other.id);
      await voidOffer(deps, trx, other, 'card_moved', now);
    }
    return accepted;
  });
}

/**
 * Everything released: the offer is pending again with the reason, unless it was voided or lapsed
 * while the saga owned it.
 */
async function finishFailed(deps: TradingDeps, sagaId: string): Promise<boolean> {
  return inTransaction(deps.db, async (trx) => {
    const now = deps.clock.now();
    // Lock and decision in one: undefined when another driver finished it.
    const saga = await advanceSaga(trx, sagaId, 'compensating', 'failed', now);
    if (!saga) return false;
    const offer = (await findOffer(trx, saga.offer_id, true))!;
    if (offer.status !== 'accepting') return true;
    const failure = saga.failure ?? TRADE_FAILED;
    await setOfferStatus(
      trx,
      offer.id,
      { status: 'pending', status_reason: failure, pending_void: null },
      now,
    );
    const pendingAgain = { ...offer, status: 'pending' as const, pending_void: null };
    if (offer.pending_void) await voidOffer(deps, trx, pendingAgain, offer.pending_void, now);
    else if (isExpired('pending', offer.expires_at, now))
      await voidOffer(deps, trx, pendingAgain, 'expired', now);
    return true;
  });
}

/**
 * Runs a saga from wherever it stands to its end. Safe to run from several places at once (the
 * caller, a retry with the same key, the sweeper): every remote step is idempotent by its hold key
 * and the decision out of `holding` is taken once. A commit that cannot be completed now throws:
 * the trade is decided and the sweeper finishes it.
 */
export async function driveSaga(deps: TradingDeps, sagaId: string, known?: KnownSaga): Promise<SagaOutcome> {
  // The saga as this driver last moved or read it: a move it made itself needs no read to follow.
  let saga = known?.saga ?? (await findSaga(deps.db, sagaId));
  // An offer's terms never change, so its holds are planned once (from the caller's copy if it has one).
  let offer = known?.offer;
  let steps: HoldStep[] | undefined;
  const reread = () => findSaga(deps.db, sagaId);
  for (;;) {
    if (!saga) throw new Error(`trade saga ${sagaId} not found`);
    if (saga.state === 'committed') return { kind: 'accepted' };
    if (saga.state === 'failed') return { kind: 'failed', failure: saga.failure ?? TRADE_FAILED };
    offer ??= (await findOffer(deps.db, saga.offer_id))!;
    steps ??= holdPlan(saga.id, termsOf(offer));

    if (saga.state === 'holding') {
      const failure = await holdAll(deps, saga, steps);
      const now = deps.clock.now();
      const to = failure ? 'compensating' : 'committing';
      const moved = await moveSaga(deps.db, saga.id, 'holding', to, now, failure);
      // Whichever driver moved it, follow the state it is in now.
      saga = moved ? { ...saga, state: to, failure: failure ?? saga.failure } : await reread();
      continue;
    }
    if (saga.state === 'committing') {
      try {
        await commitAll(deps, steps);
      } catch (error) {
        deps.logger.warn({ err: error, sagaId }, 'trade commit incomplete; the sweeper will finish it');
        // Decided, not failed: the answer is pending (202) and a retry with the key tells the end.
        throw pending(TRADE_FINISHING);
      }
      const accepted = await finishCommitted(deps, saga.id, offer);
      if (accepted) return { kind: 'accepted', offer: accepted };
      saga = await reread();
      continue;
    }
    // compensating
    try {
      await voidAll(deps, steps, saga.failure ?? TRADE_FAILED);
    } catch (error) {
      // The outcome is known (failed); the sweeper releases what is left.
      deps.logger.warn({ err: error, sagaId }, 'trade holds not all released yet; the sweeper will');
      return { kind: 'failed', failure: saga.failure ?? TRADE_FAILED };
    }
    saga = (await finishFailed(deps, saga.id)) ? { ...saga, state: 'failed' } : await reread();
  }
}
