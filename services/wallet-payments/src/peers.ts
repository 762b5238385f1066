import { connectPeers, type PeerClient, type PeerOptions, type Peers } from '@touchline/kit';
import type { MintSpec } from '@touchline/protos/gen/touchline/cards_market/MintSpec';

/** The services the wallet calls: cards-market (minting the cards of promo rewards). */
export const PEERS = { cards: 'cards-market' } as const;

export type WalletPeers = Peers<typeof PEERS>;

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
}

export function createPeers(addresses: Record<string, string>, options?: PeerOptions): WalletPeers {
  // Minting a reward of many cards takes longer than a ledger call.
  return connectPeers(PEERS, addresses, { timeoutsMs: { cards: 15_000 }, ...options });
}

export function cardMinter(cards: PeerClient<'cards-market'>): CardMinter {
  return {
    async mint(order) {
      const { cards: minted } = await cards.MintCards(order);
      // Ids grow in minting order within the one transaction that mints them: ascending is spec order.
      return minted.map((c) => c.id).sort((a, b) => a - b);
    },
  };
}
