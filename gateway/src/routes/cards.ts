import { api } from '@touchline/contract';
import type { Clients } from '../clients';
import { cardJson, catalogEntryJson, playerJson, teamJson } from '../compose/cards';
import { catalogAnswer } from '../compose/catalog-page';
import { ContractRouter } from '../http/contract-router';
import { sharedBody } from '../http/shared-json';

/** Clubs, rosters, the catalog, the user's cards and starter pack (game-spec section 7). */
export function cardsRoutes(clients: Clients) {
  const { cardsMarket } = clients;
  const teams = async () => ({
    status: 200 as const,
    body: (await cardsMarket.ListTeams({})).teams.map(teamJson),
  });
  return new ContractRouter()
    .add(api.cards.userCards, async ({ userId }) => {
      const answer = await cardsMarket.ListUserCards({ userId });
      return { status: 200, body: sharedBody(answer, ({ cards }) => cards.map(cardJson)) };
    })
    .add(api.cards.starterPack, async ({ userId }) => {
      const { cards } = await cardsMarket.GetStarterPack({ userId });
      return { status: 200, body: cards.map(cardJson) };
    })
    .add(api.cards.starterPackRevealed, async ({ userId }) => ({
      status: 200,
      body: await cardsMarket.MarkStarterPackRevealed({ userId, idempotencyKey: `starter-reveal:${userId}` }),
    }))
    .add(api.cards.catalog, async ({ userId, query }) => {
      const answer = await cardsMarket.GetCatalog({ userId });
      const entries = sharedBody(answer, ({ entries }) => entries.map(catalogEntryJson));
      return { status: 200, body: catalogAnswer(entries, answer, query) };
    })
    .add(api.cards.teams, teams)
    .add(api.cards.teamsWithPlayerCounts, teams)
    .add(api.cards.teamPlayers, async ({ params }) => {
      const { players } = await cardsMarket.GetTeamPlayers({ teamId: params.id });
      return { status: 200, body: players.map(playerJson) };
    }).router;
}
