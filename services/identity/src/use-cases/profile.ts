import { conflict, forbidden, inTransaction, invalid, notFound } from '@touchline/kit';
import type { User } from '@touchline/protos/gen/touchline/identity/User';
import { isUniqueViolation, lockUser, updateUser } from '../db/users';
import { isMuted, type UserRow } from '../domain/user';
import { usernameProblem } from '../domain/username';
import type { IdentityDeps } from './deps';
import { getUser } from './users';

export const USERNAME_TAKEN = 'Username already taken';
export const MUTED_USERNAME = 'Muted users cannot change their username';

async function changeUser(deps: IdentityDeps, userId: number, change: Partial<UserRow>): Promise<User> {
  if (!(await updateUser(deps.db, userId, change))) throw notFound('User not found');
  return getUser(deps, userId);
}

/** The caller (the gateway) has checked that the team exists in cards-market; 0 clears the choice. */
export function setFavoriteTeam(deps: IdentityDeps, userId: number, teamId: number): Promise<User> {
  if (!Number.isInteger(teamId) || teamId < 0) throw invalid('Invalid team');
  return changeUser(deps, userId, { favorite_team_id: teamId === 0 ? null : teamId });
}

/**
 * A name every player reads is a message too: a muted user, who may not post notes, may not change it
 * either (issue 40). The row is locked so that a mute racing the change is not slipped past.
 */
export async function setUsername(deps: IdentityDeps, userId: number, raw: string): Promise<User> {
  const username = raw.trim().toLowerCase();
  const problem = usernameProblem(username);
  if (problem) throw invalid(problem);
  try {
    await inTransaction(deps.db, async (trx) => {
      const user = await lockUser(trx, userId);
      if (!user) throw notFound('User not found');
      if (isMuted(user, deps.clock.now())) throw forbidden(MUTED_USERNAME);
      await updateUser(trx, userId, { username });
    });
  } catch (error) {
    if (isUniqueViolation(error, 'username')) throw conflict(USERNAME_TAKEN);
    throw error;
  }
  return getUser(deps, userId);
}
