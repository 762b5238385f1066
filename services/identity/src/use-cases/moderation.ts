import { forbidden, inTransaction, invalid, notFound } from '@touchline/kit';
import { MAX_REASON_LENGTH, normalizeReason, REASON_TOO_LONG } from '@touchline/rules';
import type { ModerationResponse } from '@touchline/protos/gen/touchline/identity/ModerationResponse';
import type { SetFlagRequest__Output } from '@touchline/protos/gen/touchline/identity/SetFlagRequest';
import { closeAllSessions } from '../db/sessions';
import { lockUser, updateUser } from '../db/users';
import { isMuted, toUserMessage, type UserRow } from '../domain/user';
import type { IdentityDeps } from './deps';

export const ADMIN_NOT_MODERATED = 'Admins cannot be banned or muted';

/** A reason as stored ('' = none), refused past its bound. */
function reasonOf(request: SetFlagRequest__Output): string {
  const reason = normalizeReason(request.reason);
  if (reason.length > MAX_REASON_LENGTH) throw invalid(REASON_TOO_LONG);
  return reason;
}

/** A mute's end from the request: null = permanent; refused unless a real date. */
function muteEndOf(request: SetFlagRequest__Output): Date | null {
  if (!request.mutedUntil) return null;
  const end = new Date(request.mutedUntil);
  if (Number.isNaN(end.getTime())) throw invalid('muted_until must be an ISO-8601 date');
  return end;
}

const sameTime = (a: Date | null | undefined, b: Date | null) =>
  (a?.getTime() ?? null) === (b?.getTime() ?? null);

function requireTarget(request: SetFlagRequest__Output): void {
  if (!Number.isSafeInteger(request.userId) || request.userId <= 0) throw invalid('user_id is required');
}

async function lockModerated(trx: Parameters<typeof lockUser>[0], userId: number): Promise<UserRow> {
  const user = await lockUser(trx, userId);
  if (!user) throw notFound('User not found');
  if (user.is_admin) throw forbidden(ADMIN_NOT_MODERATED);
  return user;
}

/**
 * Bans or unbans (docs/design.md#6-security), called by the admin service, which checks the actor.
 * The user row is locked, so a ban and an unban racing end in one state with one event each. A
 * change publishes identity.user.banned (trading voids offers and wishes, cards-market withdraws
 * listings) and a ban closes every session of the user.
 */
export async function setBanned(
  deps: IdentityDeps,
  request: SetFlagRequest__Output,
): Promise<ModerationResponse> {
  requireTarget(request);
  const reason = reasonOf(request);
  const banReason = request.value && reason !== '' ? reason : null;
  return inTransaction(deps.db, async (trx) => {
    const user = await lockModerated(trx, request.userId);
    const now = deps.clock.now();
    let row: UserRow = user;
    // A repeated ban may restate its reason; the event is published only for a change of the flag.
    if ((user.ban_reason ?? null) !== banReason)
      row = (await updateUser(trx, user.id, { ban_reason: banReason }))!;
    if (user.banned !== request.value) {
      row = (await updateUser(trx, user.id, { banned: request.value }))!;
      await deps.outbox.add(trx, 'identity.user.banned', String(user.id), {
        userId: user.id,
        actorUserId: request.actorUserId,
        changedAt: now.toISOString(),
        banned: request.value,
      });
    }
    const revokedSessionIds = request.value ? await closeAllSessions(trx, user.id, now) : [];
    return { user: toUserMessage(row, now), revokedSessionIds };
  });
}

/**
 * Mutes (with a reason and an end, null = permanent) or unmutes (issue 43). The end is the truth: a
 * mute whose end has passed is over for every check (isMuted), with no job. A new mute, or a new
 * reason or end, publishes identity.user.muted (the player is told); a retry with the same values
 * publishes nothing.
 */
export async function setMuted(
  deps: IdentityDeps,
  request: SetFlagRequest__Output,
): Promise<ModerationResponse> {
  requireTarget(request);
  const reason = request.value ? reasonOf(request) : '';
  const end = request.value ? muteEndOf(request) : null;
  return inTransaction(deps.db, async (trx) => {
    const user = await lockModerated(trx, request.userId);
    const now = deps.clock.now();
    const mutedNow = isMuted(user, now);
    const changed = request.value
      ? !mutedNow || (user.mute_reason ?? '') !== reason || !sameTime(user.muted_until, end)
      : mutedNow;
    let row: UserRow = user;
    if (changed || (!request.value && user.muted)) {
      row = (await updateUser(trx, user.id, {
        muted: request.value,
        mute_reason: request.value && reason !== '' ? reason : null,
        muted_until: request.value ? end : null,
      }))!;
    }
    if (changed)
      await deps.outbox.add(trx, 'identity.user.muted', String(user.id), {
        userId: user.id,
        actorUserId: request.actorUserId,
        changedAt: now.toISOString(),
        muted: request.value,
        reason,
        mutedUntil: end?.toISOString() ?? '',
      });
    return { user: toUserMessage(row, now), revokedSessionIds: [] };
  });
}
