import type { PackCard } from '@touchline/contract';

/** A pack just bought, as the purchase hands it to the opening and its summary. */
export interface OpenedPack {
  /** Picks the pack art; the cards' packName when absent. */
  name: string;
  cards: PackCard[];
  /** The coins the pack cost: the summary sets the cards' value against it. */
  pricePaid: number;
  /** The collection's players before the purchase (null: unknown, no card is marked new). */
  ownedBefore: ReadonlySet<number> | null;
  /** The purchase: reaching the summary marks it revealed (issue 43); until then it stays unopened. */
  purchaseId?: string;
}
