import type { GetCollectionSummariesResponse } from '@touchline/protos/gen/touchline/cards_market/GetCollectionSummariesResponse';
import { cardsByIds, cardsOfUser, collectionSummaries } from '../db/queries';
import { cardMessages } from '../mappers';
import { answerMemo, fingerprintOf } from './answer-memo';
import type { CardsDeps } from './deps';

export async function userCards(deps: CardsDeps, userId: number) {
  const generation = deps.players.generation;
  const cards = await cardsOfUser(deps.db, deps.players, userId);
  const rows = fingerprintOf(cards, [
    'id',
    'player_id',
    'edition_number',
    'owner_id',
    'acquired_at',
    'purchase_price',
    'hold_key',
    'listing_id',
    'listing_price',
  ]);
  return answerMemo(deps.players).get(`cards:${userId}`, generation, rows, () => ({
    cards: cardMessages(cards, deps.players),
  }));
}

export async function cardsWithIds(deps: CardsDeps, ids: number[]) {
  return { cards: cardMessages(await cardsByIds(deps.db, deps.players, ids), deps.players) };
}

export async function summaries(deps: CardsDeps, userIds: number[]): Promise<GetCollectionSummariesResponse> {
  const rows = await collectionSummaries(deps.db, userIds);
  return {
    summaries: userIds.map((userId) => ({
      userId,
      cardCount: rows.get(userId)?.card_count ?? 0,
      collectionValue: rows.get(userId)?.collection_value ?? 0,
    })),
  };
}
