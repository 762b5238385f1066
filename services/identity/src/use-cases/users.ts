import { invalid, notFound } from '@touchline/kit';
import type { User } from '@touchline/protos/gen/touchline/identity/User';
import {
  activeUserByUsername,
  findUserById,
  findUsersByIds,
  listAllUsers,
  listUsernames,
  usernamesByIds,
} from '../db/users';
import { toUserMessage, type UserRow } from '../domain/user';
import type { IdentityDeps } from './deps';

function messages(deps: IdentityDeps, rows: UserRow[]): User[] {
  const now = deps.clock.now();
  return rows.map((row) => toUserMessage(row, now));
}

/** One user. Badges are not identity's: missions owns them, and the gateway asks it. */
export async function getUser(deps: IdentityDeps, userId: number): Promise<User> {
  const row = await findUserById(deps.db, userId);
  if (!row) throw notFound('User not found');
  return toUserMessage(row, deps.clock.now());
}

export async function getUsers(deps: IdentityDeps, userIds: number[]): Promise<{ users: User[] }> {
  return { users: messages(deps, userIds.length ? await findUsersByIds(deps.db, userIds) : []) };
}

export async function allUsers(deps: IdentityDeps): Promise<{ users: User[] }> {
  return { users: messages(deps, await listAllUsers(deps.db)) };
}

export async function usernames(
  deps: IdentityDeps,
): Promise<{ usernames: { id: number; username: string }[] }> {
  return { usernames: await listUsernames(deps.db) };
}

/** At most this many ids per batch lookup: a page of offers, listings or history never needs more. */
export const MAX_USERNAME_BATCH = 1_000;

/** Usernames of a batch of users (unknown ids are left out), without e-mails or badges. */
export async function usernamesOf(
  deps: IdentityDeps,
  userIds: number[],
): Promise<{ usernames: { id: number; username: string }[] }> {
  const ids = [...new Set(userIds.filter((id) => Number.isSafeInteger(id) && id > 0))];
  if (ids.length > MAX_USERNAME_BATCH) throw invalid(`At most ${MAX_USERNAME_BATCH} users per lookup`);
  return { usernames: await usernamesByIds(deps.db, ids) };
}

/** The user named so (any case); not found for none or for a banned user. */
export async function userByUsername(
  deps: IdentityDeps,
  username: string,
): Promise<{ id: number; username: string }> {
  const found = username.trim() ? await activeUserByUsername(deps.db, username) : undefined;
  if (!found) throw notFound('User not found');
  return found;
}
