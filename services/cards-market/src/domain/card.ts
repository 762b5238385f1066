/** A card row joined with its player (and the player's club), as the queries return it. */
export interface CardRow {
  id: number;
  player_id: number;
  edition_number: number;
  owner_id: number;
  acquired_at: Date;
  purchase_price: number;
  origin: string;
}

/** The spec's profit/loss: what the card is worth now minus what its owner paid (0 for rewards). */
export function profitLoss(currentPrice: number, purchasePrice: number): number {
  return currentPrice - purchasePrice;
}

/** Where a card came from; also the `reason` of cards.card.minted. */
export type MintReason = 'starter_pack' | 'pack' | 'promo' | 'admin' | 'market_supply';
