import type { UseCases } from '@touchline/kit';
import type { CardsMarketHandlers } from '@touchline/protos/gen/touchline/cards_market/CardsMarket';
import { cardMessages } from './mappers';
import { listCollectionCards, transferToShop } from './use-cases/admin-cards';
import { getAuction, listAuctions, listMyAuctions, listMyBids, startAuction } from './use-cases/auctions';
import { placeBid } from './use-cases/auction-bids';
import { buyCard } from './use-cases/buying';
import {
  adminListChallenges,
  createChallenge,
  getChallenge,
  listChallenges,
  retireChallenge,
  scheduleChallenge,
} from './use-cases/challenges';
import { submitChallenge } from './use-cases/challenge-submit';
import { commitCardHold, holdCards, voidCardHold } from './use-cases/card-holds';
import { catalog, listTeams, ownedCountsOf, players, teamPlayers, teamProgress } from './use-cases/catalog';
import { cardsWithIds, summaries, userCards } from './use-cases/collection';
import type { CardsDeps } from './use-cases/deps';
import { listAllPlayers, listMarket, trending } from './use-cases/market-list';
import { getMarketStatus } from './use-cases/market-status';
import { mintCards } from './use-cases/mint-cards';
import { listOwnListings } from './use-cases/own-listings';
import { listPacks, purchasePack } from './use-cases/packs';
import { listUnopenedPacks, markPackRevealed } from './use-cases/pack-reveal';
import { priceHistory } from './use-cases/prices';
import { sellCard, withdrawListing } from './use-cases/selling';
import {
  listWatchlist,
  removePriceAlert,
  setPriceAlert,
  unwatchPlayer,
  watchPlayer,
} from './use-cases/watchlist';
import { grantStarterPackNow, markStarterPackRevealed, starterPackState } from './use-cases/starter-pack';

/** Maps each CardsMarket RPC onto its use case. RPCs missing here answer UNIMPLEMENTED until built. */
export function cardsMarketUseCases(
  deps: CardsDeps,
  hooks: { auctionStarted(): void } = { auctionStarted: () => undefined },
): UseCases<CardsMarketHandlers> {
  return {
    ListTeams: () => listTeams(deps),
    GetTeamPlayers: (req) => teamPlayers(deps, req.teamId),
    GetPlayers: (req) => players(deps, req.playerIds),
    GetCatalog: (req) => catalog(deps, req.userId),
    GetOwnedCounts: (req) => ownedCountsOf(deps, req.userId),
    GetTeamProgress: (req) => teamProgress(deps, req.userId),
    ListUserCards: (req) => userCards(deps, req.userId),
    GetCollectionSummaries: (req) => summaries(deps, req.userIds),
    GetCardsByIds: (req) => cardsWithIds(deps, req.cardIds),
    MintCards: (req) => mintCards(deps, req),
    GrantStarterPack: (req) => grantStarterPackNow(deps, req.userId),
    GetStarterPack: async (req) => {
      const { cards, revealed } = await starterPackState(deps, req.userId);
      return { cards: cardMessages(cards, deps.players), revealed };
    },
    MarkStarterPackRevealed: (req) => markStarterPackRevealed(deps, req.userId),
    GetMarketStatus: async () => getMarketStatus(deps),
    ListMarket: (req) => listMarket(deps, req),
    ListAllPlayers: (req) => listAllPlayers(deps, req),
    GetTrending: (req) => trending(deps, req.limit),
    GetPriceHistory: (req) => priceHistory(deps, req),
    ListWatchlist: (req) => listWatchlist(deps, req.userId),
    WatchPlayer: (req) => watchPlayer(deps, req),
    UnwatchPlayer: (req) => unwatchPlayer(deps, req),
    SetPriceAlert: (req) => setPriceAlert(deps, req),
    RemovePriceAlert: (req) => removePriceAlert(deps, req),
    SellCard: (req) => sellCard(deps, req),
    WithdrawListing: (req) => withdrawListing(deps, req),
    ListOwnListings: (req) => listOwnListings(deps, req),
    BuyCard: (req) => buyCard(deps, req),
    ListPacks: async () => listPacks(),
    PurchasePack: (req) => purchasePack(deps, req),
    ListUnopenedPacks: (req) => listUnopenedPacks(deps, req.userId),
    MarkPackRevealed: (req) => markPackRevealed(deps, req),
    HoldCards: (req) => holdCards(deps, req),
    CommitCardHold: (req) => commitCardHold(deps, req.holdKey),
    VoidCardHold: (req) => voidCardHold(deps, req.holdKey),
    StartAuction: async (req) => {
      const answer = await startAuction(deps, req);
      hooks.auctionStarted();
      return answer;
    },
    ListAuctions: (req) => listAuctions(deps, req),
    GetAuction: (req) => getAuction(deps, req.auctionId),
    ListMyAuctions: (req) => listMyAuctions(deps, req),
    ListMyBids: (req) => listMyBids(deps, req),
    PlaceBid: (req) => placeBid(deps, { ...req, buyNow: false }),
    BuyNowAuction: (req) =>
      placeBid(deps, {
        userId: req.userId,
        auctionId: req.auctionId,
        idempotencyKey: req.idempotencyKey,
        amount: req.expectedPrice,
        buyNow: true,
      }),
    ListCollectionCards: (req) => listCollectionCards(deps, req.userId),
    TransferToShop: (req) => transferToShop(deps, req),
    ListChallenges: (req) => listChallenges(deps, req.userId),
    GetChallenge: (req) => getChallenge(deps, req),
    SubmitChallenge: (req) => submitChallenge(deps, req),
    ListAllChallenges: () => adminListChallenges(deps),
    CreateChallenge: (req) => createChallenge(deps, req),
    ScheduleChallenge: (req) => scheduleChallenge(deps, req),
    RetireChallenge: (req) => retireChallenge(deps, req.challengeId),
  };
}
