import { conflict, invalid, notFound } from '@touchline/kit';
import type { User } from '@touchline/protos/gen/touchline/identity/User';
import { isUniqueViolation, updateUser } from '../db/users';
import type { UserRow } from '../domain/user';
import { usernameProblem } from '../domain/username';
import type { IdentityDeps } from './deps';
import { getUser } from './users';

export const USERNAME_TAKEN = 'Username already taken';

async function changeUser(deps: IdentityDeps, userId: number, change: Partial<UserRow>): Promise<User> {
  if (!(await updateUser(deps.db, userId, change))) throw notFound('User not found');
  return getUser(deps, userId);
}

/** The caller (the gateway) has checked that the team exists in cards-market; 0 clears the choice. */
export function setFavoriteTeam(deps: IdentityDeps, userId: number, teamId: number): Promise<User> {
  if (!Number.isInteger(teamId) || teamId < 0) throw invalid('Invalid team');
  return changeUser(deps, userId, { favorite_team_id: teamId === 0 ? null : teamId });
}

export async function setUsername(deps: IdentityDeps, userId: number, raw: string): Promise<User> {
  const username = raw.trim().toLowerCase();
  const problem = usernameProblem(username);
  if (problem) throw invalid(problem);
  try {
    return await changeUser(deps, userId, { username });
  } catch (error) {
    if (isUniqueViolation(error, 'username')) throw conflict(USERNAME_TAKEN);
    throw error;
  }
}
