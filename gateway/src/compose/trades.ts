import type { TradeOffer, TradeWish } from '@touchline/contract';
import type { TradeOffer__Output } from '@touchline/protos/gen/touchline/trading/TradeOffer';
import type { TradeWish__Output } from '@touchline/protos/gen/touchline/trading/TradeWish';
import type { Clients } from '../clients';
import { publicCardJson, type PublicCardJson } from './cards';
import type { Usernames } from './usernames';

/**
 * Cards and usernames an answer refers to, fetched once for the whole list. Offers and wishes show
 * other users' cards: their public face only, whoever asks.
 */
export interface Lookups {
  cards: Map<number, PublicCardJson>;
  usernames: Map<number, string>;
}

const unique = (ids: number[]) => [...new Set(ids.filter((id) => id > 0))];

/** Who reads the answer, and where names come from. */
export interface Readers {
  usernames: Usernames;
  /** The user asking (their own rename shows at once). */
  reader?: number;
}

/**
 * One call to cards-market, in parallel with the usernames (from the shared list: Usernames); other
 * users appear by username only.
 */
export async function lookups(
  clients: Clients,
  { usernames, reader }: Readers,
  cardIds: number[],
  userIds: number[],
): Promise<Lookups> {
  const cardList = unique(cardIds);
  const [{ cards }, names] = await Promise.all([
    cardList.length > 0 ? clients.cardsMarket.GetCardsByIds({ cardIds: cardList }) : { cards: [] },
    usernames.of(userIds, reader),
  ]);
  return { cards: new Map(cards.map((c) => [c.id, publicCardJson(c)])), usernames: names };
}

const party = (id: number, l: Lookups) => ({ id, username: l.usernames.get(id) ?? null });
const cardsOf = (ids: number[], l: Lookups) =>
  ids.map((id) => l.cards.get(id)).filter((c): c is PublicCardJson => c !== undefined);

/**
 * A trade offer (docs/spec/game-spec.md#3-entities-and-their-fields, with docs/design.md#7-decisions-on-the-specs-open-points's extensions): `card` is the first
 * offered card, the one the spec's screens show; `cards` all of them; coins with what the receiver
 * gets after the 2.5% fee.
 */
export function offerJson(offer: TradeOffer__Output, l: Lookups): TradeOffer {
  const cards = cardsOf(offer.offeredCardIds, l);
  return {
    id: offer.id,
    card: cards[0] ?? null,
    cards,
    requestedCards: cardsOf(offer.requestedCardIds, l),
    coinOffer: offer.offeredCoins,
    coinOfferAfterFee: offer.offeredCoinsAfterFee,
    requestedCoins: offer.requestedCoins,
    requestedCoinsAfterFee: offer.requestedCoinsAfterFee,
    status: offer.status as TradeOffer['status'],
    statusReason: offer.statusReason || null,
    note: offer.note || null,
    wishId: offer.wishId || null,
    createdAt: offer.createdAt,
    expiresAt: offer.expiresAt,
    fromUser: party(offer.fromUserId, l),
    toUser: party(offer.toUserId, l),
    counterOf: offer.counterOfOfferId || null,
    threadId: offer.threadId || offer.id,
    threadStep: offer.threadStep,
  };
}

export async function composeOffers(clients: Clients, readers: Readers, offers: TradeOffer__Output[]) {
  const l = await lookups(
    clients,
    readers,
    offers.flatMap((o) => [...o.offeredCardIds, ...o.requestedCardIds]),
    offers.flatMap((o) => [o.fromUserId, o.toUserId]),
  );
  return offers.map((o) => offerJson(o, l));
}

/** A trade wish (docs/spec/game-spec.md#3-entities-and-their-fields); unset preferences are null ("Open to any offers"). */
export function wishJson(wish: TradeWish__Output, l: Lookups): TradeWish {
  return {
    id: wish.id,
    userId: wish.userId,
    username: l.usernames.get(wish.userId) ?? null,
    card: l.cards.get(wish.cardId) ?? null,
    desiredRarity: (wish.desiredRarity || null) as TradeWish['desiredRarity'],
    desiredPosition: (wish.desiredPosition || null) as TradeWish['desiredPosition'],
    desiredTeamId: wish.desiredTeamId || null,
    minimumCoins: wish.minimumCoins || null,
    notes: wish.notes || null,
    status: wish.status as TradeWish['status'],
    createdAt: wish.createdAt,
  };
}

export async function composeWishes(clients: Clients, readers: Readers, wishes: TradeWish__Output[]) {
  const l = await lookups(
    clients,
    readers,
    wishes.map((w) => w.cardId),
    wishes.map((w) => w.userId),
  );
  return wishes.map((w) => wishJson(w, l));
}
