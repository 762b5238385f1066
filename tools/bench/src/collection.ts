import { createPromiseClient } from '@touchline/kit';
import { SERVICES } from '@touchline/protos';
import type { CardsMarketDefinition } from '@touchline/protos/gen/touchline/cards_market/CardsMarket';

/**
 * Mints a bench collector's cards straight through cards-market's gRPC port (no admin sign-in):
 * with the 3 starter cards, 500, the size the read benches are judged at. Returns how many the user
 * owns after.
 */
export async function mintCollection(cardsMarketAddress: string, userId: number): Promise<number> {
  const cards = createPromiseClient<CardsMarketDefinition>(
    SERVICES['cards-market'].definition(),
    cardsMarketAddress,
    { defaultTimeoutMs: 60_000 },
  );
  try {
    // 497 minted + the 3 starter cards = 500; at most 100 per MintCards call.
    const batches: [string, number][] = [
      ['Common', 100],
      ['Common', 100],
      ['Rare', 100],
      ['Rare', 50],
      ['Epic', 100],
      ['Legendary', 47],
    ];
    for (const [i, [rarity, quantity]] of batches.entries())
      await cards.MintCards({
        idempotencyKey: `bench-${i}`,
        userId,
        reason: 'admin',
        specs: [{ rarity, quantity }],
      });
    const { summaries } = await cards.GetCollectionSummaries({ userIds: [userId] });
    return summaries[0]!.cardCount;
  } finally {
    cards.close();
  }
}
