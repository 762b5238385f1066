import type { Notification } from '@touchline/protos/gen/touchline/notifications/Notification';
import type { NotificationRow } from '../db/notifications';
import { goneUserName, otherUserOf, render, UNRESOLVED_NAME } from '../domain/texts';
import type { NotificationsDeps } from './deps';

/** Current usernames from identity; undefined when identity cannot answer (texts then say "a player"). */
async function usernames(
  deps: NotificationsDeps,
  userIds: number[],
): Promise<Map<number, string> | undefined> {
  if (userIds.length === 0) return new Map();
  try {
    const { users } = await deps.identity.GetUsers({ userIds }, { timeoutMs: 2_000 });
    return new Map(users.map((u) => [u.id, u.username]));
  } catch (error) {
    deps.logger.warn({ err: error }, 'usernames unavailable: notification texts name "a player"');
    return undefined;
  }
}

/** Rows as the API shows them: texts rendered with the other player's username, never an e-mail. */
export async function present(deps: NotificationsDeps, rows: NotificationRow[]): Promise<Notification[]> {
  const others = [...new Set(rows.map((r) => otherUserOf(r.params)).filter((id) => id !== undefined))];
  const names = await usernames(deps, others);
  return rows.map((row) => {
    const other = otherUserOf(row.params);
    const name =
      other === undefined ? '' : names ? (names.get(other) ?? goneUserName(other)) : UNRESOLVED_NAME;
    const { title, message } = render(row.kind, row.params, name);
    return {
      id: row.id,
      userId: row.userId,
      type: row.type,
      kind: row.kind,
      title,
      message,
      read: row.read,
      createdAt: row.createdAt.toISOString(),
      link: row.link,
    };
  });
}
