import { Router } from 'express';
import { z } from 'zod';
import type { Clients } from '../clients';
import { cardJson } from '../compose/cards';
import { route } from '../middleware/errors';
import { idempotencyKey } from '../middleware/params';
import { validateBody } from '../middleware/validate';

/** The shop's card packs (economy-admin-spec sections 2, 3, 7). */
export function packRoutes(clients: Clients): Router {
  const router = Router();

  router.get(
    '/packs',
    route(async (_req, res) => {
      // The pack messages are already the spec's shape: id, name, description, rarity, packSize, price, odds.
      res.json((await clients.cardsMarket.ListPacks({})).packs);
    }),
  );

  const purchase = z.strictObject({
    packId: z.number({ error: 'packId must be a number' }).int().positive(),
  });
  router.post(
    '/packs/purchase',
    validateBody(purchase),
    route(async (req, res) => {
      const result = await clients.cardsMarket.PurchasePack(
        {
          userId: req.session!.userId,
          packId: (req.body as z.output<typeof purchase>).packId,
          idempotencyKey: idempotencyKey(req),
        },
        { timeoutMs: 15_000 },
      );
      if (!result.success) {
        // Minting failed after the debit and the coins came back: the shop shows "Coins Refunded".
        res.status(422).json({
          success: false,
          message: result.message,
          remainingCoins: result.remainingCoins,
          refunded: result.refunded,
        });
        return;
      }
      res.json({
        message: result.message,
        cards: result.cards.map((c) => ({ ...cardJson(c), packName: result.packName })),
        coinsSpent: result.coinsSpent,
        remainingCoins: result.remainingCoins,
      });
    }),
  );

  return router;
}
