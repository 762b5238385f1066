import { Router, type Request } from 'express';
import { z } from 'zod';
import { invalid } from '@touchline/kit';
import type { Clients } from '../clients';
import { cardJson, marketItemJson, playerJson } from '../compose/cards';
import { route } from '../middleware/errors';
import { idParam, idempotencyKey } from '../middleware/params';
import { describeIssue, validateBody } from '../middleware/validate';

const position = z.enum(['Forward', 'Midfielder', 'Defender', 'Goalkeeper', '']).default('');
const rarity = z.enum(['Common', 'Rare', 'Epic', 'Legendary', 'Ultra Legendary', '']).default('');
const filters = {
  position,
  rarity,
  search: z.string().max(100).default(''),
  teamId: z.coerce.number().int().min(0).default(0),
};
const marketQuery = z.strictObject({
  ...filters,
  sort: z.enum(['price_asc', 'price_desc', 'change']).default('price_asc'),
});
const playersQuery = z.strictObject({
  ...filters,
  sort: z.enum(['price_desc', 'price_asc', 'change', 'name']).default('price_desc'),
});
const historyQuery = z.strictObject({ range: z.enum(['1d', '1w', '1m', '3m', 'all']).default('1d') });

function query<S extends z.ZodType>(schema: S, req: Request): z.output<S> {
  const result = schema.safeParse(req.query);
  if (!result.success) throw invalid(describeIssue(result.error));
  return result.data;
}

/** Market hours, listings, selling, buying, prices (game-spec section 7; design.md sections 4-5). */
export function marketRoutes(clients: Clients): Router {
  const router = Router();
  const { cardsMarket, wallet } = clients;

  router.get(
    '/market/status',
    route(async (_req, res) => {
      const status = await cardsMarket.GetMarketStatus({});
      res.json({
        isOpen: status.isOpen,
        nextEvent: status.nextEvent,
        nextEventAt: status.nextEventAt || null,
      });
    }),
  );

  router.get(
    '/market',
    route(async (req, res) => {
      const q = query(marketQuery, req);
      const { items } = await cardsMarket.ListMarket({ userId: req.session!.userId, ...q });
      res.json(items.map(marketItemJson));
    }),
  );

  router.get(
    '/market/all-players',
    route(async (req, res) => {
      const { players } = await cardsMarket.ListAllPlayers(query(playersQuery, req));
      res.json(players.map(playerJson));
    }),
  );

  router.get(
    '/market/trending',
    route(async (_req, res) => {
      const { players } = await cardsMarket.GetTrending({ limit: 8 });
      res.json(players.map(playerJson));
    }),
  );

  router.get(
    '/market/players/:id/history',
    route(async (req, res) => {
      const { range } = query(historyQuery, req);
      res.json(await cardsMarket.GetPriceHistory({ playerId: idParam(req, 'id'), range }));
    }),
  );

  const sell = z.strictObject({
    price: z.number({ error: 'price must be a number' }).int('price must be a whole number').positive(),
  });
  router.post(
    '/market/sell/:id',
    validateBody(sell),
    route(async (req, res) => {
      const result = await cardsMarket.SellCard({
        userId: req.session!.userId,
        cardId: idParam(req, 'id'),
        price: (req.body as z.output<typeof sell>).price,
        idempotencyKey: idempotencyKey(req),
      });
      res.json({ ...result, card: cardJson(result.card!) });
    }),
  );

  router.post(
    '/market/withdraw/:id',
    validateBody(z.strictObject({})),
    route(async (req, res) => {
      const { card } = await cardsMarket.WithdrawListing({
        userId: req.session!.userId,
        cardId: idParam(req, 'id'),
        idempotencyKey: idempotencyKey(req),
      });
      res.json({ card: cardJson(card!) });
    }),
  );

  const buy = z.strictObject({ expectedPrice: z.number().int().positive().optional() });
  router.post(
    '/market/buy/:id',
    validateBody(buy),
    route(async (req, res) => {
      const result = await cardsMarket.BuyCard(
        {
          userId: req.session!.userId,
          cardId: idParam(req, 'id'),
          idempotencyKey: idempotencyKey(req),
          expectedPrice: (req.body as z.output<typeof buy>).expectedPrice ?? 0,
        },
        { timeoutMs: 15_000 },
      );
      res.json({
        card: cardJson(result.card!),
        pricePaid: result.pricePaid,
        remainingCoins: result.remainingCoins,
      });
    }),
  );

  router.get(
    '/user/balance',
    route(async (req, res) => {
      const { coins } = await wallet.GetBalance({ userId: req.session!.userId });
      res.json({ coins });
    }),
  );

  return router;
}
