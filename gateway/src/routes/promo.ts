import { Router } from 'express';
import { invalid, type Logger } from '@touchline/kit';
import type { Card__Output } from '@touchline/protos/gen/touchline/cards_market/Card';
import type { Clients } from '../clients';
import { cardJson } from '../compose/cards';
import { route } from '../middleware/errors';
import { idempotencyKey } from '../middleware/params';
import { RULES, type RateLimits } from '../middleware/rate-limit';

export const PROMO_REQUIRED = 'Promo code is required';

/**
 * POST /api/promo/redeem (economy-admin-spec sections 3, 5, 7, 8). A code the wallet turns down
 * (unknown, expired, used, exhausted) is 200 {success: false, message}: the page's 'Failed to redeem'
 * shows that reason. Guessing codes is rate limited per user and per address.
 */
export function promoRoutes(clients: Clients, limits: RateLimits, logger: Logger): Router {
  const router = Router();

  /** The reward's cards in full; the redemption stands even if their details cannot be read now. */
  async function cardsById(ids: number[]): Promise<Map<number, Card__Output>> {
    if (ids.length === 0) return new Map();
    try {
      const { cards } = await clients.cardsMarket.GetCardsByIds({ cardIds: ids });
      return new Map(cards.map((c) => [c.id, c]));
    } catch (error) {
      logger.warn(
        { err: error, cardIds: ids },
        'promo reward cards could not be read: answering without them',
      );
      return new Map();
    }
  }

  router.post(
    '/promo/redeem',
    limits.middleware(RULES.promo),
    route(async (req, res) => {
      const raw = (req.body as { code?: unknown } | undefined)?.code;
      const code = typeof raw === 'string' ? raw.trim() : '';
      if (code === '') throw invalid(PROMO_REQUIRED);
      const result = await clients.wallet.RedeemPromo(
        {
          userId: req.session!.userId,
          code: code.slice(0, 200),
          idempotencyKey: idempotencyKey(req),
        },
        { timeoutMs: 20_000 },
      );
      if (!result.success) {
        res.json({ success: false, message: result.message });
        return;
      }
      const reward = result.reward!;
      const cards = await cardsById([reward.cardId, ...reward.generatedCardIds].filter((id) => id > 0));
      const json = (id: number) => {
        const card = cards.get(id);
        return card ? cardJson(card) : undefined;
      };
      res.json({
        success: true,
        message: result.message,
        reward: {
          coins: reward.coins,
          card: reward.cardId > 0 ? (json(reward.cardId) ?? null) : null,
          packs: reward.packs.map((p) => ({ name: p.name, quantity: p.quantity })),
          generatedCards: reward.generatedCardIds.flatMap((id) => json(id) ?? []),
        },
        coins: result.coins,
      });
    }),
  );

  return router;
}
