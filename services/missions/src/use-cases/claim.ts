import { businessRule, conflict, invalid, notFound } from '@touchline/kit';
import type { ClaimMissionRequest__Output } from '@touchline/protos/gen/touchline/missions/ClaimMissionRequest';
import type { ClaimMissionResponse } from '@touchline/protos/gen/touchline/missions/ClaimMissionResponse';
import {
  findClaim,
  findClaimByIdOrKey,
  lookUpOrRecordClaim,
  settleClaim,
  touchClaim,
  type ClaimProgress,
  type ClaimRow,
} from '../db/claims';
import { badgesForClaims } from '../domain/badges';
import {
  ALREADY_CLAIMED,
  KEY_REUSED,
  MISSION_NOT_FOUND,
  NOT_FINISHED,
  PAYMENT_PENDING,
  claimIdOf,
  claimedMessage,
} from '../domain/claims';
import type { BadgeDefinition, MissionDefinition } from '../domain/definitions';
import { periodOf } from '../domain/periods';
import { missionMessage } from '../mappers';
import { earnedEvent } from './badges';
import type { MissionsDeps } from './deps';

const MAX_KEY_LENGTH = 200;

/** A claim request's claim, whether it is the request's own, and its mission instance's progress. */
interface Found {
  claim: ClaimRow;
  mine: boolean;
  progress: ClaimProgress | undefined;
}

/**
 * Finds the request's claim, or records the claim of the current period's finished mission, before
 * anything is paid: from here on the claim exists whatever happens to the payment. A retry with the
 * same key finds its claim (of whatever period); other claims of a claimed instance find the
 * first's (`mine` false). One statement (db/claims.ts), and a second only when a racing claim
 * committed while it ran.
 */
async function findOrRecordClaim(
  deps: MissionsDeps,
  userId: number,
  mission: MissionDefinition,
  key: string,
): Promise<Found> {
  const now = deps.clock.now();
  const period = periodOf(mission.period, now);
  const claimId = claimIdOf(userId, mission.id, period.key);
  const found = await lookUpOrRecordClaim(
    deps.db,
    {
      claim_id: claimId,
      user_id: userId,
      mission_id: mission.id,
      period_key: period.key,
      idempotency_key: key,
      reward: mission.reward,
    },
    now,
  );
  const { progress } = found;
  if (found.byKey) {
    if (found.byKey.claim.mission_id !== mission.id) throw conflict(KEY_REUSED);
    return { ...found.byKey, mine: true };
  }
  if (found.inserted) return { claim: found.inserted, mine: true, progress };
  if (found.byId) return { claim: found.byId, mine: false, progress };
  if (!progress?.completed_at) throw businessRule(NOT_FINISHED);
  // A racing claim took the id or the key while the statement ran (its insert did nothing).
  const raced = await findClaimByIdOrKey(deps.db, claimId, userId, key);
  if (raced.byKey) {
    if (raced.byKey.mission_id !== mission.id) throw conflict(KEY_REUSED);
    const current = raced.byKey.period_key === period.key;
    return { claim: raced.byKey, mine: true, progress: current ? progress : undefined };
  }
  if (raced.byId) return { claim: raced.byId, mine: false, progress };
  throw conflict(KEY_REUSED);
}

/**
 * The wallet paid: the claim is settled (once), announced, and counted towards the claim badges, in
 * one statement (db/claims.ts). Each claim badge not known earned goes in as a candidate with its
 * event, written only if the statement earns it.
 */
async function settlePaid(
  deps: MissionsDeps,
  claim: ClaimRow,
  paid: { coins: number; transactionId: number },
): Promise<ClaimRow> {
  const now = deps.clock.now();
  const userId = claim.user_id;
  const candidates = deps.badges.filter(
    (badge) => badge.rule.kind === 'missionsClaimed' && !deps.earnedBadges.has(userId, badge.id),
  );
  const rows = deps.outbox.rowsOf([
    {
      topic: 'missions.reward.claimed',
      key: String(userId),
      payload: {
        claimId: claim.claim_id,
        userId,
        missionId: claim.mission_id,
        periodKey: claim.period_key,
        reward: claim.reward,
        claimedAt: now.toISOString(),
      },
    },
    ...candidates.map((badge) => earnedEvent({ userId, badge, earnedAt: now })),
  ]);
  const settled = await settleClaim(
    deps.db,
    claim.claim_id,
    paid,
    now,
    candidates.map((badge) => ({ badgeId: badge.id, atLeast: atLeastOf(badge) })),
    rows.map((row, i) => ({ row, badgeId: i === 0 ? null : candidates[i - 1]!.id })),
  );
  if (!settled) return (await findClaim(deps.db, claim.claim_id))!;
  deps.outbox.written();
  for (const badge of badgesForClaims(settled.paidClaims, candidates))
    deps.earnedBadges.add(userId, badge.id);
  return settled.claim;
}

const atLeastOf = (badge: BadgeDefinition) =>
  badge.rule.kind === 'missionsClaimed' ? badge.rule.atLeast : 0;

/**
 * Pays a recorded claim through the wallet's Grant, keyed by the claim id: however many drivers (the
 * claimer, its retries, the sweeper) run this, the wallet posts the reward once. A wallet that is down
 * or slow leaves the claim pending, to be finished by the next attempt.
 */
export async function payClaim(deps: MissionsDeps, claim: ClaimRow): Promise<ClaimRow> {
  if (claim.state === 'paid') return claim;
  try {
    const granted = await deps.wallet.Grant(
      {
        idempotencyKey: claim.claim_id,
        userId: claim.user_id,
        amount: claim.reward,
        reason: 'mission',
        reference: claim.claim_id,
      },
      { timeoutMs: deps.config.WALLET_TIMEOUT_MS },
    );
    return await settlePaid(deps, claim, {
      coins: Number(granted.coins),
      transactionId: Number(granted.transactionId),
    });
  } catch (error) {
    deps.logger.warn({ err: error, claimId: claim.claim_id }, 'mission reward not paid yet; left pending');
    await touchClaim(deps.db, claim.claim_id, deps.clock.now());
    // Another driver may have paid it meanwhile.
    return (await findClaim(deps.db, claim.claim_id)) ?? claim;
  }
}

/**
 * The answer, from the claim and the progress its first statement read (a finished instance's
 * progress and completion never change).
 */
function answer(
  mission: MissionDefinition,
  claim: ClaimRow,
  progress: ClaimProgress | undefined,
): ClaimMissionResponse {
  const paid = claim.state === 'paid';
  return {
    mission: missionMessage(
      mission,
      {
        periodKey: claim.period_key,
        resetsAt: progress?.period_end ?? periodOf(mission.period, claim.claimed_at).end,
        progress: progress ? progress.progress : mission.target,
        completedAt: progress?.completed_at ?? null,
      },
      claim,
    ),
    reward: claim.reward,
    coins: paid ? Number(claim.coins) : 0,
    status: paid ? 'claimed' : 'pending',
    message: paid ? claimedMessage(claim.reward) : PAYMENT_PENDING,
  };
}

/**
 * ClaimMission: pays the reward of the current period's finished mission once. A retry with the same
 * idempotency key answers the same claim (finishing its payment if needed); any other claim of a
 * claimed mission is refused (after helping a still-unpaid claim along), as is a mission not finished
 * yet. A refusal never pays anything beyond the one reward.
 */
export async function claimMission(
  deps: MissionsDeps,
  request: ClaimMissionRequest__Output,
): Promise<ClaimMissionResponse> {
  const key = request.idempotencyKey.trim();
  if (!key) throw invalid('idempotency_key is required');
  if (key.length > MAX_KEY_LENGTH)
    throw invalid(`idempotency_key is longer than ${MAX_KEY_LENGTH} characters`);
  if (request.userId <= 0) throw invalid('user_id is required');
  const mission = deps.missions.find((m) => m.id === Number(request.missionId));
  if (!mission) throw notFound(MISSION_NOT_FOUND);
  const { claim, mine, progress } = await findOrRecordClaim(deps, request.userId, mission, key);
  const settled = await payClaim(deps, claim);
  if (!mine) throw conflict(ALREADY_CLAIMED);
  return answer(mission, settled, progress);
}
