import { api } from '@touchline/contract';
import { fromGrpcError, isServiceError, notFound } from '@touchline/kit';
import type { Clients } from '../clients';
import { isTradeable, tradeableCardJson } from '../compose/cards';
import { composeOffers, composeWishes, type Readers } from '../compose/trades';
import type { Usernames } from '../compose/usernames';
import { ContractRouter } from '../http/contract-router';
import { sharedKey, type SharedAnswers, type SharedTopic } from '../http/shared-answers';

/** What the open wishes show: the wishes, their cards (listing, price, editions) and owners' names. */
const WISHES: SharedTopic[] = ['wishes', 'listings', 'prices', 'players', 'usernames'];

/** Accepting waits on the whole saga (card and coin holds, then commits): longer than a plain call. */
const ACCEPT_TIMEOUT_MS = 20_000;

/** Trade offers and trade wishes (docs/spec/game-spec.md#2-screens-and-routes and #7-the-calls-it-makes; docs/design.md#4-cross-service-operations-sagas and #7-decisions-on-the-specs-open-points). */
export function tradeRoutes(clients: Clients, usernames: Usernames, shared: SharedAnswers) {
  const { trading, identity, cardsMarket } = clients;
  const by = (reader: number): Readers => ({ usernames, reader });

  /** Users are named by username (case-insensitive); a banned or unknown user is not found. */
  async function userIdOf(username: string): Promise<number | undefined> {
    try {
      return (await identity.FindUserByUsername({ username })).id;
    } catch (error) {
      if (isServiceError(error) && fromGrpcError(error).code === 'not_found') return undefined;
      throw error;
    }
  }

  const oneOffer = async (reader: number, offer: Parameters<typeof composeOffers>[2][number] | null) =>
    (await composeOffers(clients, by(reader), [offer!]))[0]!;
  const oneWish = async (reader: number, wish: Parameters<typeof composeWishes>[2][number] | null) =>
    (await composeWishes(clients, by(reader), [wish!]))[0]!;

  return new ContractRouter()
    .add(api.trades.create, async ({ userId, body, idempotencyKey }) => {
      const toUserId = await userIdOf(body.targetUser);
      if (!toUserId) throw notFound('User not found');
      const { offer } = await trading.CreateOffer({
        userId,
        toUserId,
        offeredCardIds: [body.cardId],
        offeredCoins: body.coinOffer,
        requestedCardIds: body.requestedCardIds,
        requestedCoins: body.requestedCoins,
        note: body.note,
        idempotencyKey,
      });
      return { status: 201, body: await oneOffer(userId, offer) };
    })
    .add(api.trades.tradeableCards, async ({ params }) => {
      // Banned users cannot trade: their cards are not on offer, as their usernames are not.
      const { users } = await identity.GetUsers({ userIds: [params.id] });
      const owner = users[0];
      if (!owner || owner.banned) throw notFound('User not found');
      const { cards } = await cardsMarket.ListUserCards({ userId: owner.id });
      return { status: 200, body: cards.filter(isTradeable).map(tradeableCardJson) };
    })
    .add(api.trades.incomingCount, async ({ userId }) => {
      const { count } = await trading.CountIncomingPending({ userId });
      return { status: 200, body: { count } };
    })
    .add(api.trades.incoming, async ({ userId, query }) => {
      const { offers } = await trading.ListIncomingOffers({ userId, status: query.status });
      return { status: 200, body: await composeOffers(clients, by(userId), offers) };
    })
    .add(api.trades.outgoing, async ({ userId, query }) => {
      const { offers } = await trading.ListOutgoingOffers({ userId, status: query.status });
      return { status: 200, body: await composeOffers(clients, by(userId), offers) };
    })
    .add(api.trades.offerForWish, async ({ userId, body, idempotencyKey }) => {
      const { offer } = await trading.MakeOfferForWish({
        userId,
        wishId: body.wishId,
        offerType: body.offerType,
        cardId: body.offerType === 'card' ? body.cardId! : 0,
        coinAmount: body.offerType === 'coins' ? body.coinAmount! : 0,
        note: body.note,
        idempotencyKey,
      });
      return { status: 201, body: await oneOffer(userId, offer) };
    })
    .add(api.trades.accept, async ({ userId, params, idempotencyKey }) => {
      const { offer } = await trading.AcceptOffer(
        { userId, offerId: params.id, idempotencyKey },
        { timeoutMs: ACCEPT_TIMEOUT_MS },
      );
      return { status: 200, body: await oneOffer(userId, offer) };
    })
    .add(api.trades.decline, async ({ userId, params, idempotencyKey }) => {
      const { offer } = await trading.DeclineOffer({ userId, offerId: params.id, idempotencyKey });
      return { status: 200, body: await oneOffer(userId, offer) };
    })
    .add(api.trades.cancel, async ({ userId, params, idempotencyKey }) => {
      const { offer } = await trading.CancelOffer({ userId, offerId: params.id, idempotencyKey });
      return { status: 200, body: await oneOffer(userId, offer) };
    })
    .add(api.trades.counter, async ({ userId, params, body, idempotencyKey }) => {
      const { offer } = await trading.CounterOffer({
        userId,
        offerId: params.id,
        offeredCardIds: body.offeredCardIds,
        offeredCoins: body.coinOffer,
        requestedCardIds: body.requestedCardIds,
        requestedCoins: body.requestedCoins,
        note: body.note,
        idempotencyKey,
      });
      return { status: 201, body: await oneOffer(userId, offer) };
    })
    .add(api.trades.thread, async ({ userId, params }) => {
      const { offers } = await trading.GetOfferThread({ userId, offerId: params.id });
      return { status: 200, body: await composeOffers(clients, by(userId), offers) };
    })
    .add(api.trades.wishes, async ({ userId, query }) => {
      // The open wishes are the same for everyone who asks with the same filters (the trade
      // marketplace's first screen, 2-4% of a crowd's requests): built once per change.
      const answer = await shared.answer(
        sharedKey(api.trades.wishes.path, query),
        WISHES,
        async () => {
          let ownerUserId = query.userId;
          if (query.user) {
            const found = await userIdOf(query.user);
            // An unknown user has no wishes; a user filter that contradicts userId matches nothing.
            if (!found || (ownerUserId && ownerUserId !== found)) return [];
            ownerUserId = found;
          }
          const { search, rarity, position, teamId, sort } = query;
          const { wishes } = await trading.ListWishes({
            userId: 0,
            search,
            rarity,
            position,
            teamId,
            ownerUserId,
            sort,
          });
          return composeWishes(clients, { usernames }, wishes);
        },
        userId,
      );
      return { status: 200, ...answer };
    })
    .add(api.trades.createWish, async ({ userId, body, idempotencyKey }) => {
      const { wish } = await trading.CreateWish({
        userId,
        cardId: body.cardId,
        desiredRarity: body.desiredRarity ?? '',
        desiredPosition: body.desiredPosition ?? '',
        desiredTeamId: body.desiredTeamId ?? 0,
        minimumCoins: body.minimumCoins ?? 0,
        notes: body.notes ?? '',
        idempotencyKey,
      });
      return { status: 201, body: await oneWish(userId, wish) };
    })
    .add(api.trades.cancelWish, async ({ userId, params, idempotencyKey }) => {
      const { wish } = await trading.CancelWish({ userId, wishId: params.id, idempotencyKey });
      return { status: 200, body: await oneWish(userId, wish) };
    }).router;
}
