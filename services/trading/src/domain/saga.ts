import { afterTradeFee, tradeFee } from '@touchline/rules';
import type { OfferTerms } from './offer';
import { userAccount } from '@touchline/rules';

/**
 * The accept saga (docs/design.md#4-cross-service-operations-sagas). `holding` → `committing` → `committed`, or `holding` →
 * `compensating` → `failed`. The move out of `holding` is one conditional update: whoever makes it
 * decides for every driver (the caller, a retry, the sweeper), so no hold is ever both committed and
 * voided.
 */
export type SagaState = 'holding' | 'committing' | 'committed' | 'compensating' | 'failed';

export const ACTIVE_SAGA_STATES: readonly SagaState[] = ['holding', 'committing', 'compensating'];

/** The saga id is also the reference of every hold; each accept attempt gets fresh keys. */
export const SAGA_PREFIX = 'trade:';
export const sagaIdOf = (offerId: number, attempt: number) => `${SAGA_PREFIX}${offerId}:${attempt}`;
export const isTradeReference = (reference: string) => reference.startsWith(SAGA_PREFIX);

export type Party = 'sender' | 'recipient';

export type HoldStep =
  | { kind: 'cards'; key: string; party: Party; ownerUserId: number; toUserId: number; cardIds: number[] }
  | { kind: 'coins'; key: string; party: Party; from: string; to: string; amount: number; fee: number };

/**
 * Every hold of one attempt, one per side and asset, keyed `{saga id}:{asset}:{party}`. Cards before
 * coins: a card that moved is the likelier failure and the cheaper one to find.
 */
export function holdPlan(sagaId: string, terms: OfferTerms): HoldStep[] {
  const steps: HoldStep[] = [];
  const { fromUserId: sender, toUserId: recipient } = terms;
  if (terms.offeredCardIds.length > 0)
    steps.push({
      kind: 'cards',
      key: `${sagaId}:cards:sender`,
      party: 'sender',
      ownerUserId: sender,
      toUserId: recipient,
      cardIds: terms.offeredCardIds,
    });
  if (terms.requestedCardIds.length > 0)
    steps.push({
      kind: 'cards',
      key: `${sagaId}:cards:recipient`,
      party: 'recipient',
      ownerUserId: recipient,
      toUserId: sender,
      cardIds: terms.requestedCardIds,
    });
  if (terms.offeredCoins > 0)
    steps.push({
      kind: 'coins',
      key: `${sagaId}:coins:sender`,
      party: 'sender',
      from: userAccount(sender),
      to: userAccount(recipient),
      amount: terms.offeredCoins,
      fee: tradeFee(terms.offeredCoins),
    });
  if (terms.requestedCoins > 0)
    steps.push({
      kind: 'coins',
      key: `${sagaId}:coins:recipient`,
      party: 'recipient',
      from: userAccount(recipient),
      to: userAccount(sender),
      amount: terms.requestedCoins,
      fee: tradeFee(terms.requestedCoins),
    });
  return steps;
}

/** What each side receives once committed (for trading.trade.accepted). */
export function received(terms: OfferTerms) {
  return {
    offeredCoinsReceived: afterTradeFee(terms.offeredCoins),
    requestedCoinsReceived: afterTradeFee(terms.requestedCoins),
  };
}
