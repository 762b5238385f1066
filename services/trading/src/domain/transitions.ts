import { conflict, forbidden, notFound, type DomainError } from '@touchline/kit';
import { BEING_ACCEPTED, isExpired, NOT_PENDING, OFFER_NOT_FOUND, type OfferStatus } from './offer';

export type OfferAction = 'accept' | 'decline' | 'cancel' | 'counter';

/** Who may do what: the recipient answers an offer, the sender withdraws it (docs/spec/game-spec.md#6-roles-and-permissions). */
const ROLE: Record<OfferAction, 'sender' | 'recipient'> = {
  accept: 'recipient',
  decline: 'recipient',
  cancel: 'sender',
  counter: 'recipient',
};

export const ACTION_RESULT: Record<OfferAction, OfferStatus> = {
  accept: 'accepted',
  decline: 'declined',
  cancel: 'cancelled',
  counter: 'countered',
};

const ROLE_REFUSAL: Record<OfferAction, string> = {
  accept: 'Only the recipient can accept this offer',
  decline: 'Only the recipient can decline this offer',
  cancel: 'Only the sender can cancel this offer',
  counter: 'Only the recipient can counter this offer',
};

export interface OfferState {
  fromUserId: number;
  toUserId: number;
  status: OfferStatus;
  expiresAt: Date;
}

/**
 * What an action on an offer may do now: go ahead, answer a repeat of the same decline or cancel
 * with the offer as it is, mark a lapsed offer expired, or refuse. Someone who is neither party learns
 * nothing about the offer (404, as for an unknown id); a party in the wrong role gets 403.
 */
export type Gate =
  { kind: 'go' } | { kind: 'repeat' } | { kind: 'expire' } | { kind: 'refuse'; error: DomainError };

export function gate(offer: OfferState | undefined, userId: number, action: OfferAction, now: Date): Gate {
  if (!offer || (offer.fromUserId !== userId && offer.toUserId !== userId))
    return { kind: 'refuse', error: notFound(OFFER_NOT_FOUND) };
  const role = offer.fromUserId === userId ? 'sender' : 'recipient';
  if (role !== ROLE[action]) return { kind: 'refuse', error: forbidden(ROLE_REFUSAL[action]) };
  // An accept or a counter is made idempotent by its key (the saga, the counter's own key), not by the
  // status: a second one under another key is refused.
  if ((action === 'decline' || action === 'cancel') && offer.status === ACTION_RESULT[action])
    return { kind: 'repeat' };
  if (offer.status === 'accepting') return { kind: 'refuse', error: conflict(BEING_ACCEPTED) };
  if (offer.status !== 'pending') return { kind: 'refuse', error: conflict(NOT_PENDING) };
  if (isExpired(offer.status, offer.expiresAt, now)) return { kind: 'expire' };
  return { kind: 'go' };
}
