import type { LiveClosed } from '@touchline/contract';
import type { IdentityClient } from '../clients/identity';

/** How a stream whose session was closed ends (signed out, password changed, …). */
export const SESSION_ENDED: LiveClosed = { reason: 'session', message: 'Your session ended: sign in again' };

/**
 * How a banned player's open screen learns of the ban (issue 43): the last event of their streams
 * carries identity's sentence, the reason and where to appeal, so the page can show them at once.
 */
export function bannedEnding(banReason: string, appealEmail: string): LiveClosed {
  return {
    reason: 'banned',
    message: banReason ? `Your account is suspended. Reason: ${banReason}` : 'Your account is suspended',
    banReason: banReason || null,
    appealEmail,
  };
}

/** Why a user's session was closed: a ban (with its reason) or anything else. */
export function sessionEndings(identity: Pick<IdentityClient, 'GetUser'>, appealEmail: string) {
  return async (userId: number): Promise<LiveClosed> => {
    const user = await identity.GetUser({ userId });
    return user.banned ? bannedEnding(user.banReason, appealEmail) : SESSION_ENDED;
  };
}
