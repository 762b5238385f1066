import type { Knex } from 'knex';
import { businessRule, conflict, forbidden, invalid, notFound } from '@touchline/kit';
import type { SellCardRequest__Output } from '@touchline/protos/gen/touchline/cards_market/SellCardRequest';
import type { SellCardResponse } from '@touchline/protos/gen/touchline/cards_market/SellCardResponse';
import type { WithdrawListingRequest__Output } from '@touchline/protos/gen/touchline/cards_market/WithdrawListingRequest';
import { cardsByIds } from '../db/queries';
import { feePercent, priceBounds, saleFee } from '../domain/selling';
import { cardMessages } from '../mappers';
import type { CardsDeps } from './deps';
import { isMarketOpen } from './market-status';

export const MARKET_CLOSED = 'Market is closed';

interface ListingRow {
  id: number;
  card_id: number;
  seller_id: number;
  price: number;
  status: string;
}

/** The card, locked, checked to belong to the user; with its player's current price. */
async function ownedCard(trx: Knex.Transaction, userId: number, cardId: number) {
  const card = (await trx('cards as k')
    .join('players as p', 'p.id', 'k.player_id')
    .where('k.id', cardId)
    .forUpdate('k')
    .first('k.id', 'k.owner_id', 'k.hold_key', 'k.player_id', 'p.current_price')) as
    | { id: number; owner_id: number; hold_key: string | null; player_id: number; current_price: number }
    | undefined;
  if (!card) throw notFound('Card not found');
  if (card.owner_id !== userId) throw forbidden('You do not own this card');
  return card;
}

async function sellResponse(
  deps: CardsDeps,
  listing: ListingRow,
  currentPrice: number,
): Promise<SellCardResponse> {
  const [card] = cardMessages(await cardsByIds(deps.db, deps.players, [listing.card_id]), deps.players);
  return {
    card,
    listingId: listing.id,
    price: listing.price,
    feePercent: feePercent(listing.price, currentPrice),
    estimatedProceeds: listing.price - saleFee(listing.price, currentPrice),
  };
}

/**
 * Lists an own card for sale while the market is open, at 50%–150% of the player's current price.
 * A card already listed or held by a pending trade cannot be listed. Idempotent by key.
 */
export async function sellCard(deps: CardsDeps, request: SellCardRequest__Output): Promise<SellCardResponse> {
  if (!request.idempotencyKey) throw invalid('idempotency_key is required');
  const earlier = (await deps.db('listings').where({ idempotency_key: request.idempotencyKey }).first()) as
    ListingRow | undefined;
  if (earlier) {
    if (earlier.seller_id !== request.userId || earlier.card_id !== request.cardId) {
      throw conflict('Idempotency key was used for another listing');
    }
    const player = (await deps
      .db('cards as k')
      .join('players as p', 'p.id', 'k.player_id')
      .where('k.id', earlier.card_id)
      .first('p.current_price')) as { current_price: number };
    return sellResponse(deps, earlier, player.current_price);
  }
  if (!isMarketOpen(deps)) throw businessRule(MARKET_CLOSED);
  if (!Number.isSafeInteger(request.price) || request.price <= 0)
    throw invalid('Price must be a whole number of coins');

  const { listing, currentPrice } = await deps.db.transaction(async (trx) => {
    const card = await ownedCard(trx, request.userId, request.cardId);
    if (card.hold_key) throw conflict('This card is part of a pending trade offer');
    const open = await trx('listings')
      .where({ card_id: card.id })
      .whereIn('status', ['active', 'settling'])
      .first('id');
    if (open) throw conflict('This card is already listed for sale');
    const { min, max } = priceBounds(card.current_price);
    if (request.price < min || request.price > max)
      throw invalid(`Price must be between ${min} and ${max} coins`);
    const now = deps.clock.now();
    const [row] = (await trx('listings')
      .insert({
        card_id: card.id,
        seller_id: request.userId,
        price: request.price,
        status: 'active',
        idempotency_key: request.idempotencyKey,
        created_at: now,
        updated_at: now,
      })
      .returning('*')) as ListingRow[];
    await trx('demand').insert({ player_id: card.player_id, delta: -1, at: now });
    await deps.outbox.add(trx, 'cards.listing.created', String(card.id), {
      listingId: row!.id,
      cardId: card.id,
      userId: request.userId,
      playerId: card.player_id,
      price: request.price,
      currentPrice: card.current_price,
      listedAt: now.toISOString(),
    });
    return { listing: row!, currentPrice: card.current_price };
  });
  return sellResponse(deps, listing, currentPrice);
}

/** Takes an own card off the market; allowed any time, but not while a buyer is paying for it. */
export async function withdrawListing(deps: CardsDeps, request: WithdrawListingRequest__Output) {
  await deps.db.transaction(async (trx) => {
    const card = await ownedCard(trx, request.userId, request.cardId);
    const listing = (await trx('listings')
      .where({ card_id: card.id })
      .whereIn('status', ['active', 'settling'])
      .forUpdate()
      .first()) as ListingRow | undefined;
    if (!listing) return; // already withdrawn: a retry is fine
    if (listing.status === 'settling') throw conflict('A buyer is paying for this card right now');
    const now = deps.clock.now();
    await trx('listings').where({ id: listing.id }).update({ status: 'withdrawn', updated_at: now });
    await trx('demand').insert({ player_id: card.player_id, delta: 1, at: now });
    await deps.outbox.add(trx, 'cards.listing.withdrawn', String(card.id), {
      listingId: listing.id,
      cardId: card.id,
      userId: request.userId,
      playerId: card.player_id,
      reason: 'withdrawn',
      withdrawnAt: now.toISOString(),
    });
  });
  const [card] = cardMessages(await cardsByIds(deps.db, deps.players, [request.cardId]), deps.players);
  return { card };
}
