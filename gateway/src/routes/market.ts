import { api, PAGE_LIMIT_DEFAULT, TRENDING_LIMIT } from '@touchline/contract';
import type { Clients } from '../clients';
import { usernamesOf } from '../compose/usernames';
import { cardJson, marketItemJson, playerJson } from '../compose/cards';
import { ContractRouter } from '../http/contract-router';
import { sharedKey, type SharedAnswers, type SharedTopic } from '../http/shared-answers';
import { pagedAnswer } from '../http/paged-answer';
import { marketOrder, playerOrder } from '../compose/page-orders';

/** Buying waits on the whole saga (listing, wallet transfer, card move): longer than a plain call. */
const BUY_TIMEOUT_MS = 15_000;

/** What the shared answers of these routes are built from (shared-answers.ts). */
const LISTINGS: SharedTopic[] = ['listings', 'prices', 'players', 'usernames'];
const PLAYERS: SharedTopic[] = ['prices', 'players'];
const PRICES: SharedTopic[] = ['prices'];
const MARKET_STATUS: SharedTopic[] = ['marketStatus'];

/** Market hours, listings, selling, buying, prices (docs/spec/game-spec.md#7-the-calls-it-makes; docs/design.md#4-cross-service-operations-sagas and #5-cards-and-the-market). */
export function marketRoutes(clients: Clients, shared: SharedAnswers) {
  const { cardsMarket } = clients;
  return new ContractRouter()
    .add(api.market.status, async () => {
      // The shell asks it on every load (3-5% of a crowd's requests): the same for everyone until
      // the market opens or closes (its live change), a max-age at most.
      const answer = await shared.answer(api.market.status.path, MARKET_STATUS, async () => {
        const status = await cardsMarket.GetMarketStatus({});
        return {
          isOpen: status.isOpen,
          nextEvent: status.nextEvent,
          nextEventAt: status.nextEventAt || null,
        };
      });
      return { status: 200, ...answer };
    })
    .add(api.market.listings, async ({ userId, query: { cursor, limit, ...filters } }) => {
      // The same list for everyone until a listing, a sale or a price changes it, or a seller's name;
      // a page is cut from it (compose/paging.ts), so paging costs no upstream call.
      const { body: list, headers } = await shared.answer(
        sharedKey(api.market.listings.path, filters),
        LISTINGS,
        async () => {
          // No user: the answer is everyone's (the service does not read it for the market page).
          const answer = await cardsMarket.ListMarket({ userId: 0, ...filters });
          const usernames = await usernamesOf(
            clients,
            answer.items.map((i) => i.userId),
          );
          return answer.items.map((item) => marketItemJson(item, usernames));
        },
        userId,
      );
      return {
        status: 200,
        body: pagedAnswer(list, marketOrder(filters.sort), { cursor, limit }),
        headers,
      };
    })
    .add(api.market.allPlayers, async ({ userId, query: { cursor, limit, ...filters } }) => {
      const { body: list, headers } = await shared.answer(
        sharedKey(api.market.allPlayers.path, filters),
        PLAYERS,
        async () => {
          const { players } = await cardsMarket.ListAllPlayers(filters);
          return players.map(playerJson);
        },
        userId,
      );
      return {
        status: 200,
        body: pagedAnswer(list, playerOrder(filters.sort), { cursor, limit }),
        headers,
      };
    })
    .add(api.market.trending, async () => {
      const answer = await shared.answer(api.market.trending.path, PLAYERS, async () => {
        const { players } = await cardsMarket.GetTrending({ limit: TRENDING_LIMIT });
        return players.map(playerJson);
      });
      return { status: 200, ...answer };
    })
    .add(api.market.priceHistory, async ({ params, query }) => {
      const key = sharedKey(api.market.priceHistory.path, { id: params.id, ...query });
      const answer = await shared.answer(key, PRICES, () =>
        cardsMarket.GetPriceHistory({ playerId: params.id, range: query.range }),
      );
      return { status: 200, ...answer };
    })
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
    .add(api.market.reprice, async ({ userId, params, body, idempotencyKey }) => {
      const result = await cardsMarket.SellCard({
        userId,
        cardId: params.id,
        price: body.price,
        expectedFeePercent: body.expectedFeePercent ?? 0,
        idempotencyKey,
        replaceListing: true,
      });
      return { status: 200, body: { ...result, card: cardJson(result.card!) } };
    })
    .add(api.market.ownListings, async ({ userId, query }) => {
      const page = await cardsMarket.ListOwnListings({
        userId,
        page: { pageSize: query.limit ?? PAGE_LIMIT_DEFAULT, cursor: query.cursor ?? '' },
      });
      return {
        status: 200,
        body: {
          items: page.listings.map((listing) => ({
            listingId: listing.listingId,
            card: cardJson(listing.card!),
            price: listing.price,
            feePercent: listing.feePercent,
            estimatedProceeds: listing.estimatedProceeds,
            listedAt: listing.listedAt,
            marketPriceAtListing: listing.marketPriceAtListing || null,
            currentPrice: listing.currentPrice,
            status: listing.status === 'settling' ? ('settling' as const) : ('active' as const),
          })),
          nextCursor: page.nextCursor || null,
        },
      };
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
