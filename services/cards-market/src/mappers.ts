import type { AdminCollectionCard } from '@touchline/protos/gen/touchline/cards_market/AdminCollectionCard';
import type { Card } from '@touchline/protos/gen/touchline/cards_market/Card';
import type { Player } from '@touchline/protos/gen/touchline/cards_market/Player';
import type { MarketItem } from '@touchline/protos/gen/touchline/cards_market/MarketItem';
import type { Team } from '@touchline/protos/gen/touchline/cards_market/Team';
import type { Auction } from '@touchline/protos/gen/touchline/cards_market/Auction';
import type { AuctionView } from './db/auctions';
import type { TeamRow, CardWithPlayer } from './db/queries';
import { isLineupHold, minNextBid } from '@touchline/rules';
import { profitLoss } from './domain/card';
import type { PlayerRow } from './domain/player';
import type { PlayerCache } from './db/player-cache';

/** Rows → proto messages. No photos or logos are shipped: image and logo URLs stay empty, the app draws them. */
export function teamMessage(team: TeamRow): Team {
  return {
    id: team.id,
    name: team.name,
    shortName: team.short_name,
    abbreviation: team.abbreviation,
    logoUrl: '',
    primaryColor: team.primary_color,
    secondaryColor: team.secondary_color,
    city: team.city,
    conference: team.conference,
    playerCount: team.player_count,
  };
}

export function playerMessage(row: PlayerRow, priceChange = 0): Player {
  return {
    id: row.id,
    name: row.name,
    position: row.position,
    detailedPosition: row.detailed_position ?? '',
    rarity: row.rarity,
    currentPrice: row.current_price,
    basePrice: row.base_price,
    imageUrl: '',
    teamId: row.team_id,
    team: {
      id: row.team_id,
      name: row.team_name,
      shortName: row.team_short_name,
      abbreviation: row.team_abbreviation,
      logoUrl: '',
      primaryColor: row.team_primary_color,
      secondaryColor: row.team_secondary_color,
      city: row.team_city,
      conference: row.team_conference,
      playerCount: 0,
    },
    rank: row.rank,
    protected: row.protected,
    mintedEditions: row.minted_editions,
    maxEditions: row.max_editions,
    priceChange,
  };
}

export function cardMessage(card: CardWithPlayer, priceChange = 0): Card {
  return {
    id: card.id,
    player: playerMessage(card.player, priceChange),
    editionNumber: card.edition_number,
    maxEditions: card.player.max_editions,
    priceChange,
    forSale: card.listing_id !== null,
    acquiredAt: card.acquired_at.toISOString(),
    profitLoss: profitLoss(card.player.current_price, card.purchase_price),
    userId: card.owner_id,
    purchasePrice: card.purchase_price,
    listingPrice: card.listing_price ?? 0,
    listingFeePercent: card.listing_fee_percent ?? 0,
    // An auction's key is not a trade's: the card shows as at auction, not held.
    held: card.hold_key !== null && !card.hold_key.startsWith('auction:'),
    auctionId: card.hold_key?.startsWith('auction:') ? Number(card.hold_key.slice('auction:'.length)) : 0,
    inLineup: isLineupHold(card.hold_key),
  };
}

/** Cards with their player's 24-hour price change from the cache. */
export function cardMessages(cards: CardWithPlayer[], players: PlayerCache): Card[] {
  return cards.map((card) => cardMessage(card, players.change(card.player_id)));
}

export function playerMessages(rows: PlayerRow[], players: PlayerCache): Player[] {
  return rows.map((row) => playerMessage(row, players.change(row.id)));
}

/** An admin's card as the send-to-shop screen lists it; protected players are "Messi" cards there. */
export function adminCollectionCard(card: CardWithPlayer): AdminCollectionCard {
  return {
    id: card.id,
    isMessi: card.player.protected,
    protected: card.player.protected,
    rarity: card.player.rarity,
    position: card.player.position,
    edition: card.edition_number,
    maxEditions: card.player.max_editions,
    imageUrl: '',
    playerName: card.player.name,
    teamName: card.player.team_name,
    currentPrice: card.player.current_price,
    playerId: card.player_id,
    forSale: card.listing_id !== null,
  };
}

/** One buyable card on the market page: a user's listing, or the market's own edition (user 0). */
export function marketItem(
  sale: {
    cardId: number;
    userId: number;
    price: number;
    edition: number;
    listingId?: number;
    listedAt?: string;
  },
  player: PlayerRow,
  priceChange: number,
): MarketItem {
  const message = playerMessage(player, priceChange);
  return {
    id: sale.cardId,
    player: message,
    team: message.team,
    priceChange: message.priceChange,
    userId: sale.userId,
    price: sale.price,
    editionNumber: sale.edition,
    maxEditions: player.max_editions,
    listingId: sale.listingId ?? 0,
    listedAt: sale.listedAt ?? '',
  };
}

/** An auction as anyone sees it: the card's public face (player, edition), never what the seller paid. */
export function auctionMessage(view: AuctionView, player: PlayerRow, players: PlayerCache): Auction {
  const open = view.status === 'open';
  return {
    id: view.id,
    cardId: view.card_id,
    player: playerMessage(player, players.change(view.player_id)),
    editionNumber: view.edition_number,
    maxEditions: player.max_editions,
    sellerUserId: view.seller_id,
    startPrice: view.start_price,
    buyNowPrice: view.buy_now_price ?? 0,
    feePercent: view.fee_percent,
    duration: view.duration,
    startedAt: view.created_at.toISOString(),
    endsAt: view.ends_at.toISOString(),
    status: view.status,
    currentBid: view.current_bid ?? 0,
    currentBidderUserId: view.current_bidder_id ?? 0,
    bidCount: view.bid_count,
    minNextBid: open ? minNextBid(view.start_price, view.current_bid) : 0,
    winnerUserId: view.winner_id ?? 0,
    finalPrice: view.final_price ?? 0,
    settledAt: view.settled_at ? view.settled_at.toISOString() : '',
    bids: [],
    myHighestBid: view.my_highest_bid ?? 0,
  };
}
