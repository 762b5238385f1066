import { Router, type Request } from 'express';
import { z } from 'zod';
import { invalid } from '@touchline/kit';
import type { TradeHistoryRecord__Output } from '@touchline/protos/gen/touchline/trading/TradeHistoryRecord';
import type { Clients } from '../clients';
import { route } from '../middleware/errors';
import { describeIssue } from '../middleware/validate';

const pageQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(500).default(100),
  before: z
    .string()
    .regex(/^\d{1,15}$/)
    .optional(),
});

/** The spec's trade history record. */
function recordJson(r: TradeHistoryRecord__Output) {
  return {
    id: r.id,
    createdAt: r.createdAt,
    playerName: r.playerName,
    playerId: r.playerId,
    rarity: r.rarity,
    tradeType: r.tradeType,
    sellerUserId: r.sellerUserId,
    buyerUserId: r.buyerUserId,
    salePrice: r.salePrice,
    profitLoss: r.profitLoss,
    cardId: r.cardId,
  };
}

/** GET /api/trade-history (everyone's) and /api/trade-history/user (the caller's), newest first. */
export function tradeHistoryRoutes(clients: Clients): Router {
  const router = Router();
  const list = (mineOnly: boolean) =>
    route(async (req: Request, res) => {
      const parsed = pageQuery.safeParse(req.query);
      if (!parsed.success) throw invalid(describeIssue(parsed.error));
      const { records, nextPageToken } = await clients.trading.ListTradeHistory({
        userId: req.session!.userId,
        mineOnly,
        page: { pageSize: parsed.data.limit, pageToken: parsed.data.before ?? '' },
      });
      if (nextPageToken) res.set('X-Next-Before', nextPageToken);
      res.json(records.map(recordJson));
    });
  router.get('/trade-history', list(false));
  router.get('/trade-history/user', list(true));
  return router;
}
