import { createPromiseClient, type ClientOptions } from '@touchline/kit';
import { SERVICES } from '@touchline/protos';
import type { CardsMarketDefinition } from '@touchline/protos/gen/touchline/cards_market/CardsMarket';

/**
 * A user's cards, asked again while unchanged, are not decoded again, and so not mapped, serialised
 * or compressed again (shared-json.ts): the market's lists come once per change, through the shared answers.
 */
// bench:read: user cards 43% -> 70-78% of bare with answer-memo.ts and sharedBody (docs/performance.md, Reads).
const REUSE_DECODED = ['ListUserCards'];

export function createCardsMarketClient(address: string, options: ClientOptions) {
  return createPromiseClient<CardsMarketDefinition>(SERVICES['cards-market'].definition(), address, {
    ...options,
    reuseDecoded: REUSE_DECODED,
  });
}
export type CardsMarketClient = ReturnType<typeof createCardsMarketClient>;
