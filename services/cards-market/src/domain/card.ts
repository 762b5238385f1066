/** A card row joined with its player (and the player's team), as the queries return it. */
export interface CardRow {
  id: number;
  player_id: number;
  edition_number: number;
  owner_id: number;
  acquired_at: Date;
  purchase_price: number;
  origin: string;
  /** Set while a trade saga holds the card. */
  hold_key: string | null;
  /** The open listing of the card, if it is for sale. */
  listing_id: number | null;
  listing_price: number | null;
  /** The sale fee rate fixed on that listing. */
  listing_fee_percent: number | null;
}

/** The spec's profit/loss: what the card is worth now minus what its owner paid (0 for rewards). */
export function profitLoss(currentPrice: number, purchasePrice: number): number {
  return currentPrice - purchasePrice;
}

/**
 * Where a card came from; also the `reason` of cards.card.minted. 'challenge': a squad challenge's
 * reward pack (decision 0018), a gift (purchase price 0) minted with the burn.
 */
export type MintReason = 'starter_pack' | 'pack' | 'promo' | 'admin' | 'market_supply' | 'challenge';
