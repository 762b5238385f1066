import type {
  Card,
  MarketItem,
  Player,
  PrivateCardField,
  PublicCard,
  Team,
  TradeableCard,
} from '@touchline/contract';
import type { Card__Output } from '@touchline/protos/gen/touchline/cards_market/Card';
import type { MarketItem__Output } from '@touchline/protos/gen/touchline/cards_market/MarketItem';
import type { Player__Output } from '@touchline/protos/gen/touchline/cards_market/Player';
import type { Team__Output } from '@touchline/protos/gen/touchline/cards_market/Team';

/** JSON of the spec's entities (docs/spec/game-spec.md#3-entities-and-their-fields). Empty image/logo URLs become null: the app draws them. */
export function teamJson(team: Team__Output): Team {
  return {
    id: team.id,
    name: team.name,
    shortName: team.shortName,
    abbreviation: team.abbreviation,
    logoUrl: team.logoUrl || null,
    primaryColor: team.primaryColor,
    secondaryColor: team.secondaryColor,
    city: team.city,
    conference: team.conference,
    playerCount: team.playerCount,
  };
}

export function playerJson(player: Player__Output): Player {
  const team = player.team!;
  return {
    id: player.id,
    name: player.name,
    position: player.position,
    detailedPosition: player.detailedPosition || null,
    rarity: player.rarity as Player['rarity'],
    currentPrice: player.currentPrice,
    basePrice: player.basePrice,
    priceChange: player.priceChange,
    imageUrl: player.imageUrl || null,
    teamId: player.teamId,
    team: {
      id: team.id,
      name: team.name,
      abbreviation: team.abbreviation,
      logoUrl: team.logoUrl || null,
      primaryColor: team.primaryColor,
      secondaryColor: team.secondaryColor,
    },
    rank: player.rank,
    protected: player.protected,
    mintedEditions: player.mintedEditions,
    maxEditions: player.maxEditions,
  };
}

/**
 * A public card as the gateway builds it: typed so that a card carrying its owner's private fields
 * cannot pass for one (a `Card` does not fit here, only a card built by `publicCardJson`).
 */
export type PublicCardJson = PublicCard & Partial<Record<PrivateCardField, never>>;

/** Another user's card, or any card shown to others: its public face only. */
export function publicCardJson(card: Card__Output): PublicCardJson {
  return {
    id: card.id,
    player: playerJson(card.player!),
    editionNumber: card.editionNumber,
    maxEditions: card.maxEditions,
    priceChange: card.priceChange,
    forSale: card.forSale,
    listingPrice: card.forSale ? card.listingPrice : null,
    listingFeePercent: card.forSale ? card.listingFeePercent : null,
    userId: card.userId,
  };
}

/** A card of the signed-in user, for the user: its public face and what only its owner sees. */
export function cardJson(card: Card__Output): Card {
  return {
    ...publicCardJson(card),
    acquiredAt: card.acquiredAt,
    profitLoss: card.profitLoss,
    purchasePrice: card.purchasePrice,
    auctionId: card.auctionId || null,
  };
}

/** A market listing item (docs/spec/game-spec.md#3-entities-and-their-fields): userId 0 is a card the market itself sells. */
/** A market listing; `usernames` names the sellers (the market, id 0, has none). */
export function marketItemJson(item: MarketItem__Output, usernames: Map<number, string>): MarketItem {
  const player = playerJson(item.player!);
  return {
    id: item.id,
    player,
    team: {
      name: player.team.name,
      logoUrl: player.team.logoUrl,
      abbreviation: player.team.abbreviation,
      primaryColor: player.team.primaryColor,
      secondaryColor: player.team.secondaryColor,
    },
    priceChange: item.priceChange,
    userId: item.userId,
    username: usernames.get(item.userId) ?? null,
    price: item.price,
    editionNumber: item.editionNumber,
    maxEditions: item.maxEditions,
    listingId: item.listingId || null,
    listedAt: item.listedAt || null,
  };
}

/** Whether a card can be asked for in a trade: not listed for sale, not held by a trade saga. */
export const isTradeable = (card: Card__Output) => !card.forSale && !card.held && !card.auctionId;

/** Another user's card as any player may see it: no purchase price, profit or acquisition date. */
export function tradeableCardJson(card: Card__Output): TradeableCard {
  return {
    id: card.id,
    player: playerJson(card.player!),
    editionNumber: card.editionNumber,
    maxEditions: card.maxEditions,
    userId: card.userId,
  };
}
