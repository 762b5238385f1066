import { api } from '@touchline/contract';
import type { Clients } from '../clients';
import { composeLeaderboard } from '../compose/leaderboard';
import { ContractRouter } from '../http/contract-router';

const TOP = 100;

/** The top collectors by collection value (docs/spec/game-spec.md#3-entities-and-their-fields, Leaderboard). */
export function leaderboardRoutes(clients: Clients) {
  return new ContractRouter().add(api.leaderboard.top, async () => {
    const { entries } = await clients.leaderboard.GetTop({ limit: TOP });
    return { status: 200, body: await composeLeaderboard(clients, entries) };
  }).router;
}
