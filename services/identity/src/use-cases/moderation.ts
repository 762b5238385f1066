import { forbidden, inTransaction, invalid, notFound } from '@touchline/kit';
import { MAX_REASON_LENGTH, normalizeReason, REASON_TOO_LONG } from '@touchline/rules';
import type { ModerationResponse } from '@touchline/protos/gen/touchline/identity/ModerationResponse';
import type { SetFlagRequest__Output } from '@touchline/protos/gen/touchline/identity/SetFlagRequest';
import { closeAllSessions } from '../db/sessions';
import { badgesOf, lockUser, updateUser } from '../db/users';
import { toUserMessage, type UserRow } from '../domain/user';
import type { IdentityDeps } from './deps';

export const ADMIN_NOT_MODERATED = 'Admins cannot be banned or muted';

type Flag = 'banned' | 'muted';

/** A ban's reason as stored (null: none); an unban or a mute keeps none. */
function banReasonOf(flag: Flag, request: SetFlagRequest__Output): string | null {
  const reason = normalizeReason(request.reason);
  if (reason.length > MAX_REASON_LENGTH) throw invalid(REASON_TOO_LONG);
  return flag === 'banned' && request.value && reason !== '' ? reason : null;
}

/**
 * Sets banned or muted (docs/design.md#6-security), called by the admin service, which checks the actor.
 * The user row is locked, so a ban and an unban racing end in one state with one event each. A
 * change publishes identity.user.banned / identity.user.muted (trading voids offers and wishes,
 * cards-market withdraws listings); a ban also closes every session of the user.
 */
async function setFlag(
  deps: IdentityDeps,
  flag: Flag,
  request: SetFlagRequest__Output,
): Promise<ModerationResponse> {
  if (!Number.isSafeInteger(request.userId) || request.userId <= 0) throw invalid('user_id is required');
  const banReason = banReasonOf(flag, request);
  return inTransaction(deps.db, async (trx) => {
    const user = await lockUser(trx, request.userId);
    if (!user) throw notFound('User not found');
    if (user.is_admin) throw forbidden(ADMIN_NOT_MODERATED);
    const now = deps.clock.now();
    let row: UserRow = user;
    // A repeated ban may restate its reason; the event is published only for a change of the flag.
    if (flag === 'banned' && (user.ban_reason ?? null) !== banReason)
      row = (await updateUser(trx, user.id, { ban_reason: banReason }))!;
    if (user[flag] !== request.value) {
      row = (await updateUser(trx, user.id, { [flag]: request.value }))!;
      const change = { userId: user.id, actorUserId: request.actorUserId, changedAt: now.toISOString() };
      if (flag === 'banned')
        await deps.outbox.add(trx, 'identity.user.banned', String(user.id), {
          ...change,
          banned: request.value,
        });
      else
        await deps.outbox.add(trx, 'identity.user.muted', String(user.id), {
          ...change,
          muted: request.value,
        });
    }
    const revokedSessionIds =
      flag === 'banned' && request.value ? await closeAllSessions(trx, user.id, now) : [];
    const badges = (await badgesOf(trx, [user.id])).get(user.id);
    return { user: toUserMessage(row, badges), revokedSessionIds };
  });
}

export const setBanned = (deps: IdentityDeps, request: SetFlagRequest__Output) =>
  setFlag(deps, 'banned', request);
export const setMuted = (deps: IdentityDeps, request: SetFlagRequest__Output) =>
  setFlag(deps, 'muted', request);
