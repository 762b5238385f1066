import { api } from '@touchline/contract';
import type { Clients } from '../clients';
import { cardJson } from '../compose/cards';
import { ContractRouter } from '../http/contract-router';

/** The shop's card packs (docs/spec/economy-admin-spec.md#2-screens-and-routes, #3-entities-and-their-fields and #7-the-calls-it-makes). */
export function packRoutes(clients: Clients) {
  const { cardsMarket } = clients;
  return new ContractRouter()
    .add(api.packs.list, async () => ({
      status: 200,
      // The pack messages are already the spec's shape: id, name, description, rarity, packSize, price, odds.
      body: (await cardsMarket.ListPacks({})).packs,
    }))
    .add(api.packs.purchase, async ({ userId, body, idempotencyKey }) => {
      const result = await cardsMarket.PurchasePack(
        { userId, packId: body.packId, idempotencyKey },
        { timeoutMs: 15_000 },
      );
      if (!result.success) {
        // Minting failed after the debit and the coins came back: the shop shows "Coins Refunded".
        return {
          status: 422,
          body: {
            success: false,
            message: result.message,
            remainingCoins: result.remainingCoins,
            refunded: result.refunded,
          },
        };
      }
      return {
        status: 200,
        body: {
          purchaseId: result.purchaseId,
          message: result.message,
          cards: result.cards.map((c) => ({ ...cardJson(c), packName: result.packName })),
          coinsSpent: result.coinsSpent,
          remainingCoins: result.remainingCoins,
        },
      };
    })
    .add(api.packs.unopened, async ({ userId }) => {
      const { packs } = await cardsMarket.ListUnopenedPacks({ userId });
      return {
        status: 200,
        body: packs.map((pack) => ({
          purchaseId: pack.purchaseId,
          packId: pack.packId,
          packName: pack.packName,
          cards: pack.cards.map((c) => ({ ...cardJson(c), packName: pack.packName })),
          boughtAt: pack.boughtAt,
          pricePaid: pack.pricePaid,
        })),
      };
    })
    .add(api.packs.revealed, async ({ userId, body, idempotencyKey }) => {
      await cardsMarket.MarkPackRevealed({ userId, purchaseId: body.purchaseId, idempotencyKey });
      return { status: 200, body: {} };
    }).router;
}
