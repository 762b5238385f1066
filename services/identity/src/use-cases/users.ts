import { notFound } from '@touchline/kit';
import type { User } from '@touchline/protos/gen/touchline/identity/User';
import { badgesOf, findUserById, findUsersByIds, listAllUsers, listUsernames } from '../db/users';
import { toUserMessage, type UserRow } from '../domain/user';
import type { IdentityDeps } from './deps';

async function withBadges(deps: IdentityDeps, rows: UserRow[]): Promise<User[]> {
  const badges = await badgesOf(
    deps.db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => toUserMessage(row, badges.get(row.id)));
}

export async function getUser(deps: IdentityDeps, userId: number): Promise<User> {
  const row = await findUserById(deps.db, userId);
  if (!row) throw notFound('User not found');
  return (await withBadges(deps, [row]))[0]!;
}

export async function getUsers(deps: IdentityDeps, userIds: number[]): Promise<{ users: User[] }> {
  return { users: await withBadges(deps, userIds.length ? await findUsersByIds(deps.db, userIds) : []) };
}

export async function allUsers(deps: IdentityDeps): Promise<{ users: User[] }> {
  return { users: await withBadges(deps, await listAllUsers(deps.db)) };
}

export async function usernames(
  deps: IdentityDeps,
): Promise<{ usernames: { id: number; username: string }[] }> {
  return { usernames: await listUsernames(deps.db) };
}
