import type { Card__Output } from '@touchline/protos/gen/touchline/cards_market/Card';
import type { CatalogEntry__Output } from '@touchline/protos/gen/touchline/cards_market/CatalogEntry';
import type { MarketItem__Output } from '@touchline/protos/gen/touchline/cards_market/MarketItem';
import type { Player__Output } from '@touchline/protos/gen/touchline/cards_market/Player';
import type { Team__Output } from '@touchline/protos/gen/touchline/cards_market/Team';

/** JSON of the spec's entities (game-spec section 3). Empty image/logo URLs become null: the app draws them. */
export function teamJson(team: Team__Output) {
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

export function playerJson(player: Player__Output) {
  const team = player.team!;
  return {
    id: player.id,
    name: player.name,
    position: player.position,
    detailedPosition: player.detailedPosition || null,
    rarity: player.rarity,
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

export function cardJson(card: Card__Output) {
  return {
    id: card.id,
    player: playerJson(card.player!),
    editionNumber: card.editionNumber,
    maxEditions: card.maxEditions,
    priceChange: card.priceChange,
    forSale: card.forSale,
    acquiredAt: card.acquiredAt,
    profitLoss: card.profitLoss,
    purchasePrice: card.purchasePrice,
    listingPrice: card.forSale ? card.listingPrice : null,
    userId: card.userId,
  };
}

/** A market listing item (game-spec section 3): userId 0 is a card the market itself sells. */
export function marketItemJson(item: MarketItem__Output) {
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
    price: item.price,
    editionNumber: item.editionNumber,
    maxEditions: item.maxEditions,
    listingId: item.listingId || null,
    listedAt: item.listedAt || null,
  };
}

export function catalogEntryJson(entry: CatalogEntry__Output) {
  return { player: playerJson(entry.player!), owned: entry.owned, count: entry.count };
}
