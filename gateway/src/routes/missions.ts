import { api } from '@touchline/contract';
import type { Clients } from '../clients';
import { badgeDefinitionJson, missionJson } from '../compose/missions';
import { ContractRouter } from '../http/contract-router';

/** Daily and weekly missions and their rewards (docs/spec/game-spec.md#3-entities-and-their-fields and #7-the-calls-it-makes). */
export function missionRoutes(clients: Clients) {
  const { missions } = clients;
  return new ContractRouter()
    .add(api.missions.list, async ({ userId }) => {
      const { daily, weekly } = await missions.ListMissions({ userId });
      return { status: 200, body: { daily: daily.map(missionJson), weekly: weekly.map(missionJson) } };
    })
    .add(api.missions.completed, async ({ userId }) => {
      const { missions: claimed } = await missions.ListCompletedMissions({ userId });
      return { status: 200, body: claimed.map(missionJson) };
    })
    .add(api.missions.claim, async ({ userId, params, idempotencyKey }) => {
      const result = await missions.ClaimMission({ userId, missionId: params.id, idempotencyKey });
      // Recorded but not paid yet (the wallet was slow): the same key later answers the outcome.
      if (result.status === 'pending')
        return { status: 202, body: { status: 'pending', message: result.message } };
      return {
        status: 200,
        body: {
          mission: missionJson(result.mission!),
          reward: result.reward,
          coins: result.coins,
          message: result.message,
        },
      };
    })
    .add(api.missions.badges, async ({ userId }) => {
      const { badges } = await missions.ListBadges({ userId });
      return { status: 200, body: badges.map(badgeDefinitionJson) };
    }).router;
}
