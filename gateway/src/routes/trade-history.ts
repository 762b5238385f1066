import {
  api,
  PAGE_LIMIT_DEFAULT,
  TRADE_HISTORY_SPEC_SIZE,
  wantsPage,
  type TradeRecord,
} from '@touchline/contract';
import type { TradeHistoryRecord__Output } from '@touchline/protos/gen/touchline/trading/TradeHistoryRecord';
import type { TradeExchange__Output } from '@touchline/protos/gen/touchline/trading/TradeExchange';
import type { Clients } from '../clients';
import { usernamesOf } from '../compose/usernames';
import { ContractRouter, type RouteHandler } from '../http/contract-router';

type Usernames = Map<number, string>;
/** A card's serial by card id. */
type Editions = Map<number, { editionNumber: number; maxEditions: number }>;
const nameOf = (id: number, names: Usernames) => names.get(id) ?? null;

function exchangeJson(e: TradeExchange__Output, names: Usernames): TradeRecord['trade'] {
  return {
    offerId: e.offerId,
    fromUser: { id: e.fromUserId, username: nameOf(e.fromUserId, names) },
    toUser: { id: e.toUserId, username: nameOf(e.toUserId, names) },
    offeredCards: e.offeredCards,
    offeredCoins: e.offeredCoins,
    requestedCards: e.requestedCards,
    requestedCoins: e.requestedCoins,
  };
}

/** Who reads the history: a player sees only their own profit or loss on a sale; admins see all. */
export type HistoryViewer = { userId: number } | 'admin';

const profitLossFor = (r: TradeHistoryRecord__Output, viewer: HistoryViewer) =>
  viewer === 'admin' || r.sellerUserId === viewer.userId ? r.profitLoss : null;

/** The spec's trade history record, with usernames and, for a trade, what it exchanged. */
function recordJson(
  r: TradeHistoryRecord__Output,
  names: Usernames,
  editions: Editions,
  viewer: HistoryViewer,
): TradeRecord {
  const edition = editions.get(r.cardId);
  return {
    id: r.id,
    createdAt: r.createdAt,
    playerName: r.playerName,
    playerId: r.playerId,
    rarity: r.rarity,
    tradeType: r.tradeType as TradeRecord['tradeType'],
    sellerUserId: r.sellerUserId,
    buyerUserId: r.buyerUserId,
    sellerUsername: nameOf(r.sellerUserId, names),
    buyerUsername: nameOf(r.buyerUserId, names),
    salePrice: r.salePrice,
    profitLoss: profitLossFor(r, viewer),
    cardId: r.cardId,
    editionNumber: edition?.editionNumber ?? null,
    maxEditions: edition?.maxEditions ?? null,
    trade: r.exchange ? exchangeJson(r.exchange, names) : null,
  };
}

/**
 * The serials of the records' cards, in one batch from cards-market (editions never change). The
 * history is trading's to tell: without cards-market it still answers, without serials.
 */
async function editionsOf(clients: Clients, records: TradeHistoryRecord__Output[]): Promise<Editions> {
  const cardIds = [...new Set(records.map((r) => r.cardId))];
  if (cardIds.length === 0) return new Map();
  try {
    const { cards } = await clients.cardsMarket.GetCardsByIds({ cardIds });
    return new Map(
      cards.map((c) => [c.id, { editionNumber: c.editionNumber, maxEditions: c.maxEditions }] as const),
    );
  } catch {
    return new Map();
  }
}

/** History records as JSON, each party named by one batch lookup of usernames, each card's serial. */
export async function tradeRecordsJson(
  clients: Clients,
  records: TradeHistoryRecord__Output[],
  viewer: HistoryViewer,
): Promise<TradeRecord[]> {
  const [names, editions] = await Promise.all([
    usernamesOf(
      clients,
      records.flatMap((r) => [r.sellerUserId, r.buyerUserId]),
    ),
    editionsOf(clients, records),
  ]);
  return records.map((r) => recordJson(r, names, editions, viewer));
}

/** GET /api/trade-history (everyone's) and /api/trade-history/user (the caller's), newest first. */
export function tradeHistoryRoutes(clients: Clients) {
  const list =
    (mineOnly: boolean): RouteHandler<typeof api.tradeHistory.all> =>
    async ({ userId, query }) => {
      // The spec's call (no cursor, no limit) keeps its answer: the newest records as an array.
      const paged = wantsPage(query);
      const { records, nextCursor } = await clients.trading.ListTradeHistory({
        userId,
        mineOnly,
        page: {
          pageSize: paged ? (query.limit ?? PAGE_LIMIT_DEFAULT) : TRADE_HISTORY_SPEC_SIZE,
          cursor: query.cursor ?? '',
        },
      });
      const items = await tradeRecordsJson(clients, records, { userId });
      return { status: 200, body: paged ? { items, nextCursor: nextCursor || null } : items };
    };
  return new ContractRouter().add(api.tradeHistory.all, list(false)).add(api.tradeHistory.mine, list(true))
    .router;
}
