import {
  businessRule,
  conflict,
  DomainError,
  forbidden,
  inTransaction,
  invalid,
  notFound,
  type Tx,
} from '@touchline/kit';
import type { SellCardRequest__Output } from '@touchline/protos/gen/touchline/cards_market/SellCardRequest';
import type { SellCardResponse } from '@touchline/protos/gen/touchline/cards_market/SellCardResponse';
import type { WithdrawListingRequest__Output } from '@touchline/protos/gen/touchline/cards_market/WithdrawListingRequest';
import { lockSellKey, recordSellRefusal, sellRefusal } from '../db/sell-refusals';
import {
  insertListing,
  listingByKey,
  listingOfKeyAndOpen,
  lockCardToList,
  type CardToList,
  lockOpenListing,
  type ListingRow,
} from '../db/listings';
import { cardsByIds, cardsWithPlayers } from '../db/queries';
import {
  AUCTION_MESSAGES,
  isLineupHold,
  LINEUP_CARD_MESSAGES,
  saleFeeAtRate,
  saleFeePercent,
  SELL_CLOSED_TITLE,
  sellPriceBounds,
} from '@touchline/rules';
import { cardMessages } from '../mappers';
import type { CardsDeps } from './deps';
import { isMarketOpen } from './market-status';
import { withdrawActiveListing } from './withdraw';

/** The card, locked, checked to belong to the user; with its player's current price. */
async function ownedCard(trx: Tx, userId: number, cardId: number) {
  const card = await lockCardToList(trx, cardId);
  if (!card) throw notFound('Card not found');
  if (card.owner_id !== userId) throw forbidden('You do not own this card');
  return card;
}

/**
 * The answer shows the rate stored on the listing: the one the sale will charge. The card is the
 * one just listed, or (an earlier listing under the key) as it is now.
 */
async function sellResponse(
  deps: CardsDeps,
  listing: ListingRow,
  listed?: CardToList,
): Promise<SellCardResponse> {
  const rows = listed
    ? await cardsWithPlayers(deps.players, [
        {
          ...listed,
          listing_id: listing.id,
          listing_price: listing.price,
          listing_fee_percent: listing.fee_percent,
        },
      ])
    : await cardsByIds(deps.db, deps.players, [listing.card_id]);
  const [card] = cardMessages(rows, deps.players);
  return {
    card,
    listingId: listing.id,
    price: listing.price,
    feePercent: listing.fee_percent,
    estimatedProceeds: listing.price - saleFeeAtRate(listing.price, listing.fee_percent),
  };
}

// The shown rate is optional: callers that showed none (other services, tests) skip the check.
type SellRequest = Omit<SellCardRequest__Output, 'expectedFeePercent' | 'replaceListing'> & {
  expectedFeePercent?: number;
  replaceListing?: boolean;
};

/** The listing a request's key made, if the request is the one that made it. */
function sameListing(listing: ListingRow, request: SellRequest): ListingRow {
  if (listing.seller_id !== request.userId || listing.card_id !== request.cardId)
    throw conflict('Idempotency key was used for another listing');
  return listing;
}

/**
 * Lists an own card for sale while the market is open, at 50%–150% of the player's current price,
 * with the sale fee rate of that moment stored on the listing (docs/design.md#3-money-one-ledger).
 * A card already listed or held by a pending trade cannot be listed. One key, one outcome: requests
 * with one key run one at a time (its lock), a key that made a listing answers that listing whatever
 * has happened since (the card sold, the market closed), and a key that was refused is refused the
 * same way again, also a copy sent at the same moment that would now be refused for another reason
 * (the card changed hands in between).
 */
export async function sellCard(deps: CardsDeps, request: SellRequest): Promise<SellCardResponse> {
  if (!request.idempotencyKey) throw invalid('idempotency_key is required');
  const key = request.idempotencyKey;
  const outcome = await inTransaction(deps.db, async (trx) => {
    await lockSellKey(trx, key);
    const refused = await sellRefusal(trx, key);
    if (refused) return { refused };
    try {
      return { made: await listCard(deps, trx, request) };
    } catch (refusal) {
      if (!(refusal instanceof DomainError)) throw refusal;
      const earlier = await listingByKey(trx, key);
      if (earlier) return { made: { listing: sameListing(earlier, request) } };
      // Refusals are checked before anything is written: recording one is all this transaction does.
      await recordSellRefusal(trx, key, refusal, deps.clock.now());
      return { refused: refusal };
    }
  });
  if ('refused' in outcome) throw outcome.refused;
  return sellResponse(deps, outcome.made.listing, outcome.made.listed);
}

async function listCard(
  deps: CardsDeps,
  trx: Tx,
  request: SellRequest,
): Promise<{ listing: ListingRow; listed?: CardToList }> {
  if (!isMarketOpen(deps)) throw businessRule(SELL_CLOSED_TITLE);
  if (!Number.isSafeInteger(request.price) || request.price <= 0)
    throw invalid('Price must be a whole number of coins');
  const card = await ownedCard(trx, request.userId, request.cardId);
  // A request with the same key that locked the card first listed it: answer that listing.
  const { twin, listed: alreadyListed } = await listingOfKeyAndOpen(trx, request.idempotencyKey, card.id);
  if (twin) return { listing: sameListing(twin, request) };
  if (card.hold_key?.startsWith('auction:')) throw conflict(AUCTION_MESSAGES.cardAtAuction);
  // A lineup's hold lasts until kickoff: say so, not "trade" (the key says whose hold it is).
  if (isLineupHold(card.hold_key)) throw conflict(LINEUP_CARD_MESSAGES.cardInLineup);
  if (card.hold_key) throw conflict('This card is part of a pending trade offer');
  const replacing = request.replaceListing ? await listingToReplace(trx, card.id, alreadyListed) : undefined;
  if (alreadyListed && !replacing) throw conflict('This card is already listed for sale');
  const { min, max } = sellPriceBounds(card.current_price);
  if (request.price < min || request.price > max)
    throw invalid(`Price must be between ${min} and ${max} coins`);
  // The rate is decided now, against the price at this moment, and stored (docs/design.md#3-money-one-ledger).
  const feePercent = saleFeePercent(request.price, card.current_price);
  if (request.expectedFeePercent && request.expectedFeePercent !== feePercent)
    throw conflict(
      `The current price moved to ${card.current_price} coins: the fee for this price is now ${feePercent}%`,
    );
  const now = deps.clock.now();
  if (replacing) {
    const withdrawing = {
      id: replacing.id,
      cardId: card.id,
      playerId: card.player_id,
      sellerId: request.userId,
    };
    await withdrawActiveListing(deps, trx, withdrawing, 'withdrawn', now);
  }
  const row = await insertListing(
    trx,
    {
      cardId: card.id,
      sellerId: request.userId,
      price: request.price,
      feePercent,
      idempotencyKey: request.idempotencyKey,
      marketPrice: card.current_price,
    },
    // A listed card is one unit of demand less for its player (-1), as in db/demand.ts.
    { playerId: card.player_id, delta: -1 },
    now,
  );
  await deps.outbox.add(trx, 'cards.listing.created', String(card.id), {
    listingId: row.id,
    cardId: card.id,
    userId: request.userId,
    playerId: card.player_id,
    price: request.price,
    currentPrice: card.current_price,
    listedAt: now.toISOString(),
  });
  return { listing: row, listed: card };
}

/**
 * A re-price replaces the card's open listing (a withdraw and a new listing, in one transaction). The
 * listing is locked after the card: a buyer who reserved it first keeps it (409), one who comes after
 * finds the new price (its expected price then fails, 409).
 */
async function listingToReplace(trx: Tx, cardId: number, listed: boolean): Promise<ListingRow> {
  const listing = listed ? await lockOpenListing(trx, cardId) : undefined;
  if (!listing) throw notFound('This card is not listed for sale');
  if (listing.status === 'settling') throw conflict('A buyer is paying for this card right now');
  return listing;
}

/** Takes an own card off the market; allowed any time, but not while a buyer is paying for it. */
export async function withdrawListing(deps: CardsDeps, request: WithdrawListingRequest__Output) {
  await inTransaction(deps.db, async (trx) => {
    const card = await ownedCard(trx, request.userId, request.cardId);
    const listing = await lockOpenListing(trx, card.id);
    if (!listing) return; // already withdrawn: a retry is fine
    if (listing.status === 'settling') throw conflict('A buyer is paying for this card right now');
    const withdrawing = {
      id: listing.id,
      cardId: card.id,
      playerId: card.player_id,
      sellerId: request.userId,
    };
    await withdrawActiveListing(deps, trx, withdrawing, 'withdrawn', deps.clock.now());
  });
  const [card] = cardMessages(await cardsByIds(deps.db, deps.players, [request.cardId]), deps.players);
  return { card };
}
