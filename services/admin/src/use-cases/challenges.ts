import type { ChallengeResponse } from '@touchline/protos/gen/touchline/cards_market/ChallengeResponse';
import type { ListChallengesResponse } from '@touchline/protos/gen/touchline/cards_market/ListChallengesResponse';
import type { AdminCreateChallengeRequest__Output } from '@touchline/protos/gen/touchline/admin/AdminCreateChallengeRequest';
import type { AdminScheduleChallengeRequest__Output } from '@touchline/protos/gen/touchline/admin/AdminScheduleChallengeRequest';
import type { AdminRetireChallengeRequest__Output } from '@touchline/protos/gen/touchline/admin/AdminRetireChallengeRequest';
import { audited } from './audited';
import type { AdminDeps } from './deps';
import { requireAdmin, requireKey } from './require-admin';

/** What the audit log keeps of a challenge: its schedule and whether it is retired. */
function scheduleOf(answer: ChallengeResponse) {
  const c = answer.challenge;
  return {
    startsAt: c?.startsAt,
    endsAt: c?.endsAt || null,
    retiredAt: c?.retiredAt || null,
    state: c?.state,
  };
}

/** Every squad challenge, for the admin screen (decision 0018: cards-market keeps them). */
export async function listChallenges(deps: AdminDeps, userId: number): Promise<ListChallengesResponse> {
  await requireAdmin(deps, userId);
  return deps.cards.ListAllChallenges({});
}

/**
 * A new challenge, audited with its request (the reward pack's id among its fields) and the reward as
 * made; cards-market checks the fields (a pack not in the shop: invalid). The key makes a retry
 * answer the same challenge.
 */
export async function createChallenge(
  deps: AdminDeps,
  request: AdminCreateChallengeRequest__Output,
): Promise<ChallengeResponse> {
  await requireAdmin(deps, request.userId);
  const key = requireKey(request.idempotencyKey);
  const { userId, idempotencyKey: _key, ...fields } = request;
  return audited(
    deps,
    {
      actorUserId: userId,
      action: 'challenges.create',
      targetType: 'challenge',
      targetId: '',
      key,
      request: fields,
      before: {},
    },
    () => deps.cards.CreateChallenge({ ...fields, adminUserId: userId, idempotencyKey: key }),
    // The reward as made (the request has the pack's id; this names it, as players see it).
    (answer) => ({
      id: answer.challenge?.id,
      rewardCoins: answer.challenge?.rewardCoins,
      rewardPack: answer.challenge?.rewardPackName || null,
      ...scheduleOf(answer),
    }),
  );
}

/**
 * A challenge's schedule before a change, for the audit log. cards-market's GetChallenge is the
 * player's (it hides retired and scheduled ones); an admin's change is rare enough to read them all.
 */
async function scheduleBefore(deps: AdminDeps, challengeId: number): Promise<Record<string, unknown>> {
  const { challenges } = await deps.cards.ListAllChallenges({});
  const challenge = challenges.find((c) => c.id === challengeId);
  return challenge ? scheduleOf({ challenge }) : {};
}

/** Moves a challenge's start and end, audited with the schedule before and after. */
export async function scheduleChallenge(
  deps: AdminDeps,
  request: AdminScheduleChallengeRequest__Output,
): Promise<ChallengeResponse> {
  await requireAdmin(deps, request.userId);
  const key = requireKey(request.idempotencyKey);
  const before = await scheduleBefore(deps, request.challengeId);
  return audited(
    deps,
    {
      actorUserId: request.userId,
      action: 'challenges.schedule',
      targetType: 'challenge',
      targetId: String(request.challengeId),
      key,
      request: { startsAt: request.startsAt, endsAt: request.endsAt || null },
      before,
    },
    () =>
      deps.cards.ScheduleChallenge({
        challengeId: request.challengeId,
        startsAt: request.startsAt,
        endsAt: request.endsAt,
      }),
    scheduleOf,
  );
}

/** Retires a challenge for good, audited. */
export async function retireChallenge(
  deps: AdminDeps,
  request: AdminRetireChallengeRequest__Output,
): Promise<ChallengeResponse> {
  await requireAdmin(deps, request.userId);
  const key = requireKey(request.idempotencyKey);
  const before = await scheduleBefore(deps, request.challengeId);
  return audited(
    deps,
    {
      actorUserId: request.userId,
      action: 'challenges.retire',
      targetType: 'challenge',
      targetId: String(request.challengeId),
      key,
      request: {},
      before,
    },
    () => deps.cards.RetireChallenge({ challengeId: request.challengeId }),
    scheduleOf,
  );
}
