import { api } from '@touchline/contract';
import type { Logger } from '@touchline/kit';
import type { Card__Output } from '@touchline/protos/gen/touchline/cards_market/Card';
import type { Clients } from '../clients';
import { cardJson } from '../compose/cards';
import { ContractRouter } from '../http/contract-router';
import { RULES, type RateLimits } from '../middleware/rate-limit';

/**
 * POST /api/promo/redeem (docs/spec/economy-admin-spec.md#3-entities-and-their-fields, #5-validation-rules, #7-the-calls-it-makes and #8-error-catalogue). A code the wallet turns down
 * (unknown, expired, used, exhausted) is 200 {success: false, message}: the page's 'Failed to redeem'
 * shows that reason. Guessing codes is rate limited per user and per address.
 */
export function promoRoutes(clients: Clients, limits: RateLimits, logger: Logger) {
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

  return new ContractRouter().add(
    api.payments.redeemPromo,
    async ({ userId, body, idempotencyKey }) => {
      const result = await clients.wallet.RedeemPromo(
        { userId, code: body.code, idempotencyKey },
        { timeoutMs: 20_000 },
      );
      if (!result.success) return { status: 200, body: { success: false, message: result.message } };
      const reward = result.reward!;
      const cards = await cardsById([reward.cardId, ...reward.generatedCardIds].filter((id) => id > 0));
      const json = (id: number) => {
        const card = cards.get(id);
        return card ? cardJson(card) : undefined;
      };
      return {
        status: 200,
        body: {
          success: true,
          message: result.message,
          reward: {
            coins: reward.coins,
            card: reward.cardId > 0 ? (json(reward.cardId) ?? null) : null,
            packs: reward.packs.map((p) => ({ name: p.name, quantity: p.quantity })),
            generatedCards: reward.generatedCardIds.flatMap((id) => json(id) ?? []),
          },
          coins: result.coins,
        },
      };
    },
    { before: [limits.middleware(RULES.promo)] },
  ).router;
}
