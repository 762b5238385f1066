/** How a card changed hands: a user's listing sold, a card bought from the market, or a user-to-user trade. */
export type TradeType = 'market_sale' | 'market_buy' | 'trade';

/** GET /api/trade-history and GET /api/trade-history/user (game spec, section 3), newest first. */
export interface TradeRecord {
  id: number;
  /** ISO timestamp; may be missing or malformed in old records. */
  createdAt: string | null;
  playerName: string;
  playerId: number;
  rarity: string;
  tradeType: TradeType | string;
  /** 0 means the market. */
  sellerUserId: number;
  buyerUserId: number;
  salePrice: number;
  /** The seller's profit or loss on the sale. */
  profitLoss: number;
  cardId: number;
}
