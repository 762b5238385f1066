import type { GetCollectionSummariesResponse } from '@touchline/protos/gen/touchline/cards_market/GetCollectionSummariesResponse';
import { cardsByIds, cardsOfUser, collectionSummaries } from '../db/queries';
import { cardMessages } from '../mappers';
import type { CardsDeps } from './deps';

export async function userCards(deps: CardsDeps, userId: number) {
  return { cards: cardMessages(await cardsOfUser(deps.db, deps.players, userId), deps.players) };
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
