import { conflict, inTransaction, invalid, notFound } from '@touchline/kit';
import { challengeState } from '@touchline/rules';
import type { Challenge } from '@touchline/protos/gen/touchline/cards_market/Challenge';
import type { ChallengeSubmission } from '@touchline/protos/gen/touchline/cards_market/ChallengeSubmission';
import type { CreateChallengeRequest__Output } from '@touchline/protos/gen/touchline/cards_market/CreateChallengeRequest';
import type { ScheduleChallengeRequest__Output } from '@touchline/protos/gen/touchline/cards_market/ScheduleChallengeRequest';
import {
  allChallenges,
  challengeOfKey,
  challengeView,
  insertChallenge,
  lockChallenge,
  startedChallenges,
  teamExists,
  submissionsOf,
  updateChallenge,
  type ChallengeRow,
  type ChallengeView,
  type SubmissionRow,
} from '../db/challenges';
import { checkDraft, checkSchedule } from '../domain/challenge';
import { DEMO_CHALLENGES } from '../domain/demo-challenges';
import { findPack } from '../domain/packs';
import type { CardsDeps } from './deps';

export function submissionMessage(row: SubmissionRow): ChallengeSubmission {
  return {
    id: row.id,
    challengeId: row.challenge_id,
    userId: row.user_id,
    cardIds: row.card_ids.map(Number),
    totalValue: row.total_value,
    rewardCoins: row.reward_coins,
    rewardStatus: row.reward,
    createdAt: row.created_at.toISOString(),
    rewardPackId: row.reward_pack_id ?? 0,
    packCardIds: (row.pack_card_ids ?? []).map(Number),
  };
}

export function challengeMessage(view: ChallengeView, now: Date, submission?: SubmissionRow): Challenge {
  return {
    id: view.id,
    title: view.title,
    description: view.description,
    cardCount: view.card_count,
    teamId: view.team_id ?? 0,
    teamName: view.team_name ?? '',
    position: view.position ?? '',
    minRarity: view.min_rarity ?? '',
    minTotalValue: view.min_total_value ?? 0,
    rewardCoins: view.reward_coins,
    startsAt: view.starts_at.toISOString(),
    endsAt: view.ends_at?.toISOString() ?? '',
    retiredAt: view.retired_at?.toISOString() ?? '',
    state: challengeState(
      { startsAt: view.starts_at, endsAt: view.ends_at, retiredAt: view.retired_at },
      now,
    ),
    completions: view.completions,
    submission: submission ? submissionMessage(submission) : null,
    rewardPackId: view.reward_pack_id ?? 0,
    rewardPackName: view.reward_pack_id ? (findPack(view.reward_pack_id)?.name ?? '') : '',
  };
}

/** The player's list: every started, unretired challenge, newest first, with their own completion. */
export async function listChallenges(deps: CardsDeps, userId: number): Promise<{ challenges: Challenge[] }> {
  const now = deps.clock.now();
  const views = await startedChallenges(deps.db, now);
  const mine = await submissionsOf(
    deps.db,
    userId,
    views.map((v) => v.id),
  );
  const byChallenge = new Map(mine.map((s) => [Number(s.challenge_id), s]));
  return { challenges: views.map((v) => challengeMessage(v, now, byChallenge.get(v.id))) };
}

/** One challenge as a player sees it: not one that has not started or was retired (404, as unknown). */
export async function getChallenge(
  deps: CardsDeps,
  request: { userId: number; challengeId: number },
): Promise<{ challenge: Challenge }> {
  const now = deps.clock.now();
  const view = await challengeView(deps.db, request.challengeId);
  if (!view || view.retired_at || view.starts_at > now) throw notFound('Challenge not found');
  const [mine] = await submissionsOf(deps.db, request.userId, [view.id]);
  return { challenge: challengeMessage(view, now, mine) };
}

/** Every challenge, retired and scheduled too, for the admin screen (the admin service checks the caller). */
export async function adminListChallenges(deps: CardsDeps): Promise<{ challenges: Challenge[] }> {
  const now = deps.clock.now();
  return { challenges: (await allChallenges(deps.db)).map((v) => challengeMessage(v, now)) };
}

async function answer(deps: CardsDeps, id: number): Promise<{ challenge: Challenge }> {
  const view = await challengeView(deps.db, id);
  if (!view) throw notFound('Challenge not found');
  return { challenge: challengeMessage(view, deps.clock.now()) };
}

function sameDraft(row: ChallengeRow, draft: { title: string; reward_pack_id: number | null }): ChallengeRow {
  if (row.title !== draft.title || (row.reward_pack_id ?? null) !== draft.reward_pack_id)
    throw conflict('Idempotency key was used for another challenge');
  return row;
}

/** An admin's new challenge; the same key again answers the challenge it made. */
export async function createChallenge(
  deps: CardsDeps,
  request: CreateChallengeRequest__Output,
): Promise<{ challenge: Challenge }> {
  if (!request.idempotencyKey) throw invalid('idempotency_key is required');
  if (!Number.isSafeInteger(request.adminUserId) || request.adminUserId <= 0)
    throw invalid('admin_user_id is required');
  const row = checkDraft(request, deps.clock.now());
  if (row.team_id !== null && !(await teamExists(deps.db, row.team_id))) throw invalid('Team not found');
  const inserted = await insertChallenge(
    deps.db,
    { ...row, created_by: request.adminUserId, idempotency_key: request.idempotencyKey },
    deps.clock.now(),
  );
  const made = inserted ?? (await challengeOfKey(deps.db, request.adminUserId, request.idempotencyKey));
  return answer(deps, sameDraft(made!, row).id);
}

/**
 * Moves a challenge's start and end. Under its row lock, so a submission in flight (which share-locks
 * it) is decided against one schedule or the other, never half of each. A retired challenge stays so.
 */
export async function scheduleChallenge(
  deps: CardsDeps,
  request: ScheduleChallengeRequest__Output,
): Promise<{ challenge: Challenge }> {
  const now = deps.clock.now();
  const { starts, ends } = checkSchedule(request.startsAt, request.endsAt, now);
  await inTransaction(deps.db, async (trx) => {
    const row = await lockChallenge(trx, request.challengeId);
    if (!row) throw notFound('Challenge not found');
    if (row.retired_at) throw conflict('A retired challenge cannot be rescheduled');
    await updateChallenge(trx, row.id, { starts_at: starts, ends_at: ends }, now);
  });
  return answer(deps, request.challengeId);
}

/** Retires a challenge for good: players no longer see it; what was completed stays completed. */
export async function retireChallenge(
  deps: CardsDeps,
  challengeId: number,
): Promise<{ challenge: Challenge }> {
  await inTransaction(deps.db, async (trx) => {
    const row = await lockChallenge(trx, challengeId);
    if (!row) throw notFound('Challenge not found');
    if (!row.retired_at)
      await updateChallenge(trx, row.id, { retired_at: deps.clock.now() }, deps.clock.now());
  });
  return answer(deps, challengeId);
}

/**
 * Adds the demo challenges that are missing, only with DEMO_CHALLENGES=true (`npm start` sets it),
 * as made by no admin (created_by 0, keyed by name), so a restart or a second replica adds nothing.
 */
export async function seedDemoChallenges(
  deps: Pick<CardsDeps, 'db' | 'clock'>,
  seed: boolean,
): Promise<number> {
  if (!seed) return 0;
  let added = 0;
  const now = deps.clock.now();
  for (const demo of DEMO_CHALLENGES) {
    const row = checkDraft({ ...demo, startsAt: now.toISOString(), endsAt: '' }, now);
    if (await insertChallenge(deps.db, { ...row, created_by: 0, idempotency_key: demo.key }, now)) added++;
  }
  return added;
}
