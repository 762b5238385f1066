import { createPromiseClient } from '@touchline/kit';
import { SERVICES } from '@touchline/protos';
import type { CardsMarketDefinition } from '@touchline/protos/gen/touchline/cards_market/CardsMarket';
import type { MintSpec } from '@touchline/protos/gen/touchline/cards_market/MintSpec';

export interface MintOrder {
  idempotencyKey: string;
  userId: number;
  reason: 'promo';
  reference: string;
  specs: MintSpec[];
}

/** What the wallet needs of cards-market: minting reward cards, idempotent by key. */
export interface CardMinter {
  /** The minted card ids in spec order; the same key again answers the same cards. */
  mint(order: MintOrder): Promise<number[]>;
  close(): void;
}

export function cardsMarketMinter(address: string): CardMinter {
  const client = createPromiseClient<CardsMarketDefinition>(SERVICES['cards-market'].definition(), address, {
    defaultTimeoutMs: 15_000,
  });
  return {
    async mint(order) {
      const { cards } = await client.MintCards(order);
      // Ids grow in minting order within the one transaction that mints them: ascending is spec order.
      return cards.map((c) => c.id).sort((a, b) => a - b);
    },
    close: () => client.close(),
  };
}
