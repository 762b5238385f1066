import { api, TRENDING_LIMIT } from '@touchline/contract';
import type { Clients } from '../clients';
import { usernamesOf } from '../compose/usernames';
import { cardJson, marketItemJson, playerJson } from '../compose/cards';
import { ContractRouter } from '../http/contract-router';
import { sharedBody } from '../http/shared-json';
import { pagedAnswer } from '../http/paged-answer';
import { marketOrder, playerOrder } from '../compose/page-orders';

/** Buying waits on the whole saga (listing, wallet transfer, card move): longer than a plain call. */
const BUY_TIMEOUT_MS = 15_000;

/** Market hours, listings, selling, buying, prices (game-spec section 7; design.md sections 4-5). */
export function marketRoutes(clients: Clients) {
  const { cardsMarket } = clients;
  return new ContractRouter()
    .add(api.market.status, async () => {
      const status = await cardsMarket.GetMarketStatus({});
      return {
        status: 200,
        body: { isOpen: status.isOpen, nextEvent: status.nextEvent, nextEventAt: status.nextEventAt || null },
      };
    })
    .add(api.market.listings, async ({ userId, query: { cursor, limit, ...filters } }) => {
      // The upstream answers the whole filtered list; the page is cut from it (compose/paging.ts).
      const answer = await cardsMarket.ListMarket({ userId, ...filters });
      const usernames = await usernamesOf(
        clients,
        answer.items.map((i) => i.userId),
      );
      // The same page for everyone until a listing, a sale or a price changes it, or a seller's name.
      const names = JSON.stringify([...usernames].sort(([a], [b]) => a - b));
      const list = sharedBody(
        answer,
        ({ items }) => items.map((item) => marketItemJson(item, usernames)),
        names,
      );
      return { status: 200, body: pagedAnswer(list, marketOrder(filters.sort), { cursor, limit }) };
    })
    .add(api.market.allPlayers, async ({ query: { cursor, limit, ...filters } }) => {
      const answer = await cardsMarket.ListAllPlayers(filters);
      const list = sharedBody(answer, ({ players }) => players.map(playerJson));
      return { status: 200, body: pagedAnswer(list, playerOrder(filters.sort), { cursor, limit }) };
    })
    .add(api.market.trending, async () => {
      const { players } = await cardsMarket.GetTrending({ limit: TRENDING_LIMIT });
      return { status: 200, body: players.map(playerJson) };
    })
    .add(api.market.priceHistory, async ({ params, query }) => ({
      status: 200,
      body: await cardsMarket.GetPriceHistory({ playerId: params.id, range: query.range }),
    }))
    .add(api.market.sell, async ({ userId, params, body, idempotencyKey }) => {
      const result = await cardsMarket.SellCard({
        userId,
        cardId: params.id,
        price: body.price,
        expectedFeePercent: body.expectedFeePercent ?? 0,
        idempotencyKey,
      });
      return { status: 200, body: { ...result, card: cardJson(result.card!) } };
    })
    .add(api.market.withdraw, async ({ userId, params, idempotencyKey }) => {
      const { card } = await cardsMarket.WithdrawListing({ userId, cardId: params.id, idempotencyKey });
      return { status: 200, body: { card: cardJson(card!) } };
    })
    .add(api.market.buy, async ({ userId, params, body, idempotencyKey }) => {
      const result = await cardsMarket.BuyCard(
        { userId, cardId: params.id, idempotencyKey, expectedPrice: body.expectedPrice ?? 0 },
        { timeoutMs: BUY_TIMEOUT_MS },
      );
      return {
        status: 200,
        body: {
          card: cardJson(result.card!),
          pricePaid: result.pricePaid,
          remainingCoins: result.remainingCoins,
        },
      };
    }).router;
}
