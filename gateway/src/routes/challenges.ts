import { api, type Challenge, type ChallengeSubmission } from '@touchline/contract';
import type { Challenge__Output } from '@touchline/protos/gen/touchline/cards_market/Challenge';
import type { ChallengeSubmission__Output } from '@touchline/protos/gen/touchline/cards_market/ChallengeSubmission';
import type { Clients } from '../clients';
import { ContractRouter } from '../http/contract-router';

function submissionJson(s: ChallengeSubmission__Output): ChallengeSubmission {
  return {
    id: s.id,
    challengeId: s.challengeId,
    cardIds: s.cardIds,
    totalValue: s.totalValue,
    rewardCoins: s.rewardCoins,
    rewardStatus: s.rewardStatus as ChallengeSubmission['rewardStatus'],
    createdAt: s.createdAt,
    rewardPackId: s.rewardPackId || null,
    packCardIds: s.packCardIds,
  };
}

/** The service's '' and 0 for "not asked" as the contract's nulls. */
export function challengeJson(c: Challenge__Output): Challenge {
  return {
    id: c.id,
    title: c.title,
    description: c.description,
    cardCount: c.cardCount,
    teamId: c.teamId || null,
    teamName: c.teamName || null,
    position: (c.position || null) as Challenge['position'],
    minRarity: (c.minRarity || null) as Challenge['minRarity'],
    minTotalValue: c.minTotalValue || null,
    rewardCoins: c.rewardCoins,
    rewardPackId: c.rewardPackId || null,
    rewardPackName: c.rewardPackName || null,
    startsAt: c.startsAt,
    endsAt: c.endsAt || null,
    retiredAt: c.retiredAt || null,
    state: c.state as Challenge['state'],
    completions: c.completions,
    submission: c.submission ? submissionJson(c.submission) : null,
  };
}

/** Squad challenges (decision 0018): cards-market keeps them and burns the squads. */
export function challengeRoutes(clients: Clients) {
  const { cardsMarket } = clients;
  return new ContractRouter()
    .add(api.challenges.list, async ({ userId }) => {
      const { challenges } = await cardsMarket.ListChallenges({ userId });
      return { status: 200, body: { items: challenges.map(challengeJson) } };
    })
    .add(api.challenges.get, async ({ userId, params }) => {
      const { challenge } = await cardsMarket.GetChallenge({ userId, challengeId: params.id });
      return { status: 200, body: challengeJson(challenge!) };
    })
    .add(api.challenges.submit, async ({ userId, params, body, idempotencyKey }) => {
      const { submission, challenge } = await cardsMarket.SubmitChallenge({
        userId,
        challengeId: params.id,
        cardIds: body.cardIds,
        idempotencyKey,
      });
      return {
        status: 200,
        body: { submission: submissionJson(submission!), challenge: challengeJson(challenge!) },
      };
    }).router;
}

/** The admin's challenge screens: the admin service checks the caller and writes the audit log. */
export function adminChallengeRoutes(clients: Clients) {
  const { admin } = clients;
  return new ContractRouter()
    .add(api.adminChallenges.list, async ({ userId }) => {
      const { challenges } = await admin.ListChallenges({ userId });
      return { status: 200, body: { items: challenges.map(challengeJson) } };
    })
    .add(api.adminChallenges.create, async ({ userId, body, idempotencyKey }) => {
      const { challenge } = await admin.CreateChallenge({
        userId,
        idempotencyKey,
        title: body.title,
        description: body.description ?? '',
        cardCount: body.cardCount,
        teamId: body.teamId ?? 0,
        position: body.position ?? '',
        minRarity: body.minRarity ?? '',
        minTotalValue: body.minTotalValue ?? 0,
        rewardCoins: body.rewardCoins,
        rewardPackId: body.rewardPackId ?? 0,
        startsAt: body.startsAt ?? '',
        endsAt: body.endsAt ?? '',
      });
      return { status: 200, body: challengeJson(challenge!) };
    })
    .add(api.adminChallenges.schedule, async ({ userId, params, body, idempotencyKey }) => {
      const { challenge } = await admin.ScheduleChallenge({
        userId,
        idempotencyKey,
        challengeId: params.id,
        startsAt: body.startsAt,
        endsAt: body.endsAt ?? '',
      });
      return { status: 200, body: challengeJson(challenge!) };
    })
    .add(api.adminChallenges.retire, async ({ userId, params, idempotencyKey }) => {
      const { challenge } = await admin.RetireChallenge({ userId, idempotencyKey, challengeId: params.id });
      return { status: 200, body: challengeJson(challenge!) };
    }).router;
}
