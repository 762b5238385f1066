import type { UseCases } from '@touchline/kit';
import type { CardsMarketHandlers } from '@touchline/protos/gen/touchline/cards_market/CardsMarket';
import { cardMessage } from './mappers';
import { catalog, listTeams, players, teamPlayers } from './use-cases/catalog';
import { cardsWithIds, summaries, userCards } from './use-cases/collection';
import type { CardsDeps } from './use-cases/deps';
import { mintCards } from './use-cases/mint-cards';
import { grantStarterPack, markStarterPackRevealed, unrevealedStarterCards } from './use-cases/starter-pack';
import { cardsByIds } from './db/queries';

/** Maps each CardsMarket RPC onto its use case. RPCs missing here answer UNIMPLEMENTED until built. */
export function cardsMarketUseCases(deps: CardsDeps): UseCases<CardsMarketHandlers> {
  return {
    ListTeams: () => listTeams(deps),
    GetTeamPlayers: (req) => teamPlayers(deps, req.teamId),
    GetPlayers: (req) => players(deps, req.playerIds),
    GetCatalog: (req) => catalog(deps, req.userId),
    ListUserCards: (req) => userCards(deps, req.userId),
    GetCollectionSummaries: (req) => summaries(deps, req.userIds),
    GetCardsByIds: (req) => cardsWithIds(deps, req.cardIds),
    MintCards: (req) => mintCards(deps, req),
    GrantStarterPack: async (req) => {
      const ids = await deps.db.transaction((trx) => grantStarterPack(deps, trx, req.userId));
      deps.players.invalidate();
      return { cards: (await cardsByIds(deps.db, deps.players, ids)).map(cardMessage) };
    },
    GetStarterPack: async (req) => ({
      cards: (await unrevealedStarterCards(deps, req.userId)).map(cardMessage),
    }),
    MarkStarterPackRevealed: (req) => markStarterPackRevealed(deps, req.userId),
  };
}
