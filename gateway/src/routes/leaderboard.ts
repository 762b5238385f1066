import { api } from '@touchline/contract';
import type { Clients } from '../clients';
import { composeLeaderboard } from '../compose/leaderboard';
import { ContractRouter } from '../http/contract-router';
import type { SharedAnswers } from '../http/shared-answers';

const TOP = 100;

/**
 * The top collectors by collection value (docs/spec/game-spec.md#3-entities-and-their-fields,
 * Leaderboard). The same for every player between two changes of the board, so built once per
 * change (the `leaderboard` live change) and per gateway process: every open board reads itself
 * again after each change, and each read was a call to the leaderboard and one to identity for the
 * usernames (issue 41).
 */
export function leaderboardRoutes(clients: Clients, shared: SharedAnswers) {
  return new ContractRouter().add(api.leaderboard.top, async () => {
    const answer = await shared.answer(api.leaderboard.top.path, ['board', 'usernames'], async () => {
      const { entries } = await clients.leaderboard.GetTop({ limit: TOP });
      return composeLeaderboard(clients, entries);
    });
    return { status: 200, ...answer };
  }).router;
}
