import { businessRule, conflict, invalid, notFound, inTransaction } from '@touchline/kit';
import type { ClaimMissionRequest__Output } from '@touchline/protos/gen/touchline/missions/ClaimMissionRequest';
import type { ClaimMissionResponse } from '@touchline/protos/gen/touchline/missions/ClaimMissionResponse';
import {
  countPaidClaims,
  findClaim,
  findClaimByKey,
  insertClaim,
  markPaid,
  touchClaim,
  type ClaimRow,
} from '../db/claims';
import { findProgress } from '../db/progress';
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
import type { MissionDefinition } from '../domain/definitions';
import { periodOf } from '../domain/periods';
import { missionMessage } from '../mappers';
import { earnBadges } from './badges';
import type { MissionsDeps } from './deps';

const MAX_KEY_LENGTH = 200;

/**
 * Records the claim of the current period's finished mission, before anything is paid: from here on
 * the claim exists whatever happens to the payment. The progress row's lock makes parallel claims
 * take turns; the later ones find the first's claim (`mine` false unless they carry its key).
 */
async function recordClaim(
  deps: MissionsDeps,
  userId: number,
  mission: MissionDefinition,
  key: string,
): Promise<{ claim: ClaimRow; mine: boolean }> {
  return inTransaction(deps.db, async (trx) => {
    const now = deps.clock.now();
    const period = periodOf(mission.period, now);
    const progress = await findProgress(trx, userId, mission.id, period.key, true);
    if (!progress?.completed_at) throw businessRule(NOT_FINISHED);
    const claimId = claimIdOf(userId, mission.id, period.key);
    const existing = await findClaim(trx, claimId, true);
    if (existing) return { claim: existing, mine: existing.idempotency_key === key };
    // The same key racing in for another mission of the user: one of them gets it.
    if (await findClaimByKey(trx, userId, key)) throw conflict(KEY_REUSED);
    const claim = await insertClaim(
      trx,
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
    if (!claim) throw conflict(KEY_REUSED);
    return { claim, mine: true };
  });
}

/** The wallet paid: the claim is settled (once), announced, and counted towards the claim badges. */
async function settlePaid(
  deps: MissionsDeps,
  claim: ClaimRow,
  paid: { coins: number; transactionId: number },
): Promise<ClaimRow> {
  return inTransaction(deps.db, async (trx) => {
    const now = deps.clock.now();
    const settled = await markPaid(trx, claim.claim_id, paid, now);
    if (!settled) return (await findClaim(trx, claim.claim_id))!;
    await deps.outbox.add(trx, 'missions.reward.claimed', String(claim.user_id), {
      claimId: claim.claim_id,
      userId: claim.user_id,
      missionId: claim.mission_id,
      periodKey: claim.period_key,
      reward: claim.reward,
      claimedAt: now.toISOString(),
    });
    const claimed = await countPaidClaims(trx, claim.user_id);
    await earnBadges(deps, trx, claim.user_id, badgesForClaims(claimed, deps.badges), now);
    return settled;
  });
}

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

async function answer(
  deps: MissionsDeps,
  mission: MissionDefinition,
  claim: ClaimRow,
): Promise<ClaimMissionResponse> {
  const progress = await findProgress(deps.db, claim.user_id, claim.mission_id, claim.period_key);
  const paid = claim.state === 'paid';
  return {
    mission: missionMessage(
      mission,
      {
        periodKey: claim.period_key,
        resetsAt: progress?.period_end ?? periodOf(mission.period, claim.claimed_at).end,
        progress: progress ? Number(progress.progress) : mission.target,
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
  const replay = await findClaimByKey(deps.db, request.userId, key);
  if (replay && replay.mission_id !== mission.id) throw conflict(KEY_REUSED);
  const { claim, mine } = replay
    ? { claim: replay, mine: true }
    : await recordClaim(deps, request.userId, mission, key);
  const settled = await payClaim(deps, claim);
  if (!mine) throw conflict(ALREADY_CLAIMED);
  return answer(deps, mission, settled);
}
