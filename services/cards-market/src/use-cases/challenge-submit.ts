import { conflict, forbidden, inTransaction, invalid, notFound, businessRule } from '@touchline/kit';
import {
  CHALLENGE_MAX_CARDS,
  CHALLENGE_MESSAGES,
  challengeRewardKey,
  challengeState,
  checkSquad,
} from '@touchline/rules';
import type { SubmitChallengeRequest__Output } from '@touchline/protos/gen/touchline/cards_market/SubmitChallengeRequest';
import type { SubmitChallengeResponse } from '@touchline/protos/gen/touchline/cards_market/SubmitChallengeResponse';
import { anyListed } from '../db/card-holds';
import {
  burnCards,
  challengeView,
  insertSubmission,
  lockPlayerSubmissions,
  lockSquadCards,
  markSubmissionPaid,
  pendingSubmissions,
  shareChallenge,
  submissionOf,
  submissionOfKey,
  type SubmissionRow,
} from '../db/challenges';
import { requirementsOf } from '../domain/challenge';
import { findPack } from '../domain/packs';
import type { CardsDeps } from './deps';
import { mintRewardPack } from './challenge-pack';
import { challengeMessage, submissionMessage } from './challenges';

/** How long a fresh submission is left to its own request before the sweeper pays its reward. */
const SWEEP_AFTER_MS = 5_000;
const SWEEP_BATCH = 100;

/**
 * Gives up a squad for a challenge's reward (docs/features.md, "Squad challenges"). In one
 * transaction, under the player's submission lock, the challenge's share lock and the cards' row
 * locks (id order, as every card path takes them): the challenge must be open and not completed by
 * the player, each card theirs and free (not listed, reserved by a buy, held by a trade being
 * accepted, a lineup or an auction), the squad must meet the requirements; then the cards burn (no
 * owner, the submission's key for good), the reward pack, if any, is minted to the player (an
 * unopened pack until revealed), `cards.card.burned` names the challenge for each card and
 * `market.challenge.completed` follows. The coins come after, through the wallet, keyed
 * challenge:{id}:{user}: paid once, by this call or the sweeper. The same key answers the same.
 */
export async function submitChallenge(
  deps: CardsDeps,
  request: SubmitChallengeRequest__Output,
): Promise<SubmitChallengeResponse> {
  if (!request.idempotencyKey) throw invalid('idempotency_key is required');
  const ids = request.cardIds.map(Number);
  if (ids.length === 0) throw invalid('Choose the cards of your squad');
  if (ids.length > CHALLENGE_MAX_CARDS) throw invalid(`A squad has at most ${CHALLENGE_MAX_CARDS} cards`);
  if (new Set(ids).size !== ids.length) throw invalid(CHALLENGE_MESSAGES.duplicateCard);
  const submission = await inTransaction(deps.db, async (trx) => {
    await lockPlayerSubmissions(trx, request.userId);
    const twin = await submissionOfKey(trx, request.userId, request.idempotencyKey);
    if (twin) {
      if (Number(twin.challenge_id) !== request.challengeId)
        throw conflict('Idempotency key was used for another challenge');
      return twin;
    }
    const challenge = await shareChallenge(trx, request.challengeId);
    const now = deps.clock.now();
    if (!challenge || challenge.retired_at || challenge.starts_at > now)
      throw notFound(CHALLENGE_MESSAGES.notFound);
    if (
      challengeState({ startsAt: challenge.starts_at, endsAt: challenge.ends_at, retiredAt: null }, now) !==
      'open'
    )
      throw conflict(CHALLENGE_MESSAGES.notOpen);
    if (await submissionOf(trx, challenge.id, request.userId))
      throw conflict(CHALLENGE_MESSAGES.alreadyCompleted);
    const cards = await lockSquadCards(trx, ids);
    if (cards.length !== ids.length || cards.some((c) => Number(c.owner_id) !== request.userId))
      throw forbidden(CHALLENGE_MESSAGES.notOwner);
    if (cards.some((c) => c.hold_key || c.reserved_by) || (await anyListed(trx, ids)))
      throw conflict(CHALLENGE_MESSAGES.cardBusy);
    const check = checkSquad(
      cards.map((c) => ({
        id: c.id,
        teamId: c.team_id,
        position: c.position,
        rarity: c.rarity,
        currentPrice: Number(c.current_price),
      })),
      requirementsOf(challenge),
    );
    if (!check.ok) throw businessRule(check.problems.join('. '));
    // The pack is minted here, under the same locks as the burn: given once, with it or not at all.
    const pack = challenge.reward_pack_id ? findPack(challenge.reward_pack_id) : undefined;
    const rewardKey = challengeRewardKey(challenge.id, request.userId);
    const packCardIds = pack ? await mintRewardPack(deps, trx, pack, request.userId, rewardKey) : null;
    const row = await insertSubmission(
      trx,
      {
        challenge_id: challenge.id,
        user_id: request.userId,
        idempotency_key: request.idempotencyKey,
        card_ids: ids,
        total_value: check.totalValue.have,
        reward_coins: challenge.reward_coins,
        reward_pack_id: pack?.id ?? null,
        pack_card_ids: packCardIds,
      },
      now,
    );
    await burnCards(trx, ids, row.id);
    for (const card of cards)
      await deps.outbox.add(trx, 'cards.card.burned', String(card.id), {
        cardId: card.id,
        playerId: card.player_id,
        userId: request.userId,
        challengeId: challenge.id,
        submissionId: row.id,
        currentPrice: card.current_price,
        burnedAt: now.toISOString(),
      });
    await deps.outbox.add(trx, 'market.challenge.completed', String(request.userId), {
      challengeId: challenge.id,
      userId: request.userId,
      submissionId: row.id,
      cardIds: ids,
      rewardCoins: challenge.reward_coins,
      title: challenge.title,
      completedAt: now.toISOString(),
      rewardPackId: pack?.id ?? 0,
      rewardPackName: pack?.name ?? '',
      packCardIds: packCardIds ?? [],
    });
    return row;
  });
  // New editions were minted: the cached players' counts are stale.
  if (submission.pack_card_ids?.length) deps.players.invalidate();
  const paid = await payChallengeReward(deps, submission).catch((error: unknown) => {
    // The cards are burned and the reward recorded: the sweeper pays it. The player is told it is on its way.
    deps.logger.warn({ err: error, submissionId: submission.id }, 'challenge reward not paid yet');
    return submission;
  });
  const view = await challengeView(deps.db, Number(submission.challenge_id));
  return {
    submission: submissionMessage(paid),
    challenge: challengeMessage(view!, deps.clock.now(), paid),
  };
}

/**
 * Pays a submission's coins through the wallet's Grant keyed challenge:{challenge}:{user}: however
 * many drivers (the request, a retry, the sweeper, replicas) run it, the wallet posts it once, and
 * only the driver that moves the row to 'paid' records the transaction.
 */
export async function payChallengeReward(deps: CardsDeps, submission: SubmissionRow): Promise<SubmissionRow> {
  if (submission.reward === 'paid' || Number(submission.reward_coins) === 0) return submission;
  const key = challengeRewardKey(Number(submission.challenge_id), Number(submission.user_id));
  const granted = await deps.wallet.Grant({
    idempotencyKey: key,
    userId: submission.user_id,
    amount: submission.reward_coins,
    reason: 'challenge',
    reference: key,
  });
  const now = deps.clock.now();
  await inTransaction(deps.db, (trx) =>
    markSubmissionPaid(trx, submission.id, Number(granted.transactionId), now),
  );
  return { ...submission, reward: 'paid', transaction_id: Number(granted.transactionId), paid_at: now };
}

/** The sweeper: rewards a crash or a wallet outage left unpaid, oldest first; stops at the first failure. */
export async function sweepChallengeRewards(deps: CardsDeps): Promise<number> {
  const before = new Date(deps.clock.now().getTime() - SWEEP_AFTER_MS);
  let paid = 0;
  for (const submission of await pendingSubmissions(deps.db, before, SWEEP_BATCH)) {
    try {
      await payChallengeReward(deps, submission);
      paid++;
    } catch (error) {
      deps.logger.warn({ err: error, submissionId: submission.id }, 'challenge reward not paid yet');
      return paid;
    }
  }
  return paid;
}
