import { api } from '@touchline/contract';
import type { Clients } from '../clients';
import { catalogOf } from '../compose/catalog';
import { filterEntries } from '../compose/catalog-filters';
import { catalogOrder } from '../compose/page-orders';
import { cardJson, playerJson, teamJson } from '../compose/cards';
import { RevealedStarterPacks } from '../compose/revealed-starter-packs';
import { ContractRouter } from '../http/contract-router';
import { sharedKey, type SharedAnswers, type SharedTopic } from '../http/shared-answers';
import { sharedBody } from '../http/shared-json';
import { pagedAnswer } from '../http/paged-answer';

/** Rosters show each player's price and minted editions; the teams change only with the max-age. */
const PLAYERS: SharedTopic[] = ['prices', 'players'];

/** The catalog lists the players in id order, as cards-market keeps them. */
const byId = (a: { id: number }, b: { id: number }) => a.id - b.id;

/** Teams, rosters, the catalog, the user's cards and starter pack (docs/spec/game-spec.md#7-the-calls-it-makes). */
export function cardsRoutes(clients: Clients, shared: SharedAnswers) {
  const { cardsMarket } = clients;
  const revealed = new RevealedStarterPacks();
  const teams = async () => ({
    status: 200 as const,
    ...(await shared.answer(api.cards.teams.path, [], async () =>
      (await cardsMarket.ListTeams({})).teams.map(teamJson),
    )),
  });
  return new ContractRouter()
    .add(api.cards.userCards, async ({ userId }) => {
      const answer = await cardsMarket.ListUserCards({ userId });
      return { status: 200, body: sharedBody(answer, ({ cards }) => cards.map(cardJson)) };
    })
    .add(api.cards.starterPack, async ({ userId }) => {
      if (revealed.has(userId)) return { status: 200, body: [] };
      const answer = await cardsMarket.GetStarterPack({ userId });
      if (answer.revealed) revealed.add(userId);
      return { status: 200, body: answer.cards.map(cardJson) };
    })
    .add(api.cards.starterPackRevealed, async ({ userId }) => {
      const body = await cardsMarket.MarkStarterPackRevealed({
        userId,
        idempotencyKey: `starter-reveal:${userId}`,
      });
      // 0 is a repeat, or a pack not granted yet: the next read learns which.
      if (body.revealed > 0) revealed.add(userId);
      return { status: 200, body };
    })
    .add(api.cards.catalog, async ({ userId, query }) => {
      // Every player (shared by all users) with the user's own counts (a few numbers) added.
      const [{ body: players, headers }, { counts }] = await Promise.all([
        shared.answer(
          `${api.cards.catalog.path}#players`,
          PLAYERS,
          async () => {
            const { players } = await cardsMarket.ListAllPlayers({});
            return [...players].sort(byId).map(playerJson);
          },
          userId,
        ),
        cardsMarket.GetOwnedCounts({ userId }),
      ]);
      const entries = catalogOf(userId, players, counts);
      const progress = {
        totalPlayers: entries.length,
        collectedPlayers: counts.filter((c) => c.count > 0).length,
      };
      // A page says the user's progress over every player, not only the filtered ones.
      return {
        status: 200,
        body: pagedAnswer(filterEntries(entries, query), catalogOrder, query, progress),
        headers,
      };
    })
    .add(api.cards.teams, teams)
    .add(api.cards.teamsWithPlayerCounts, teams)
    .add(api.cards.teamPlayers, async ({ params }) => {
      const key = sharedKey(api.cards.teamPlayers.path, { id: params.id });
      const answer = await shared.answer(key, PLAYERS, async () => {
        const { players } = await cardsMarket.GetTeamPlayers({ teamId: params.id });
        return players.map(playerJson);
      });
      return { status: 200, ...answer };
    }).router;
}
