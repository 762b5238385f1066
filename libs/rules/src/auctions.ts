/**
 * Auction rules the server enforces and the page shows (docs/features.md, "Auctions";
 * docs/design.md#5-cards-and-the-market).
 */

/** The four durations an auction can run, by the name the API takes. */
export const AUCTION_DURATIONS = {
  '1h': 60 * 60_000,
  '6h': 6 * 60 * 60_000,
  '24h': 24 * 60 * 60_000,
  '3d': 3 * 24 * 60 * 60_000,
} as const;
export type AuctionDuration = keyof typeof AUCTION_DURATIONS;
export const AUCTION_DURATION_NAMES = Object.keys(AUCTION_DURATIONS) as AuctionDuration[];
export const AUCTION_DURATION_LABELS: Record<AuctionDuration, string> = {
  '1h': '1 hour',
  '6h': '6 hours',
  '24h': '24 hours',
  '3d': '3 days',
};

export function isAuctionDuration(value: string): value is AuctionDuration {
  return Object.hasOwn(AUCTION_DURATIONS, value);
}

/** A bid beats the current one by at least this percent… */
export const AUCTION_MIN_RAISE_PERCENT = 5;
/** …and at least this many coins. */
export const AUCTION_MIN_RAISE_COINS = 1;
/** A bid or buy-now closer than this to the end moves the end to this long after it. */
export const AUCTION_EXTENSION_MS = 30_000;

/** The lowest bid the auction takes now: the start price, or the current bid plus 5% (at least 1 coin), rounded up. */
export function minNextBid(startPrice: number, currentBid: number | null | undefined): number {
  if (!currentBid) return startPrice;
  const raise = Math.max(AUCTION_MIN_RAISE_COINS, Math.ceil((currentBid * AUCTION_MIN_RAISE_PERCENT) / 100));
  return currentBid + raise;
}

/** The end after a bid at `at`: moved to 30 s after it when it came in the last 30 s, unchanged otherwise. */
export function endAfterBid(endsAt: Date, at: Date): Date {
  const extended = at.getTime() + AUCTION_EXTENSION_MS;
  return extended > endsAt.getTime() ? new Date(extended) : endsAt;
}

export const AUCTION_MESSAGES = {
  ownBid: 'You cannot bid on your own auction',
  ended: 'This auction has ended',
  tooLow: (min: number) => `Your bid must be at least ${min} coins`,
  atBuyNow: 'Your bid reaches the buy-now price: use Buy now instead',
  noBuyNow: 'This auction has no buy-now price',
  buyNowBelowBid: 'The current bid has passed the buy-now price',
  notEnough: 'Not enough coins for this bid',
  cardBusy: 'This card is listed for sale or part of a pending trade offer',
  cardAtAuction: 'This card is at auction',
  notOwner: 'You do not own this card',
  buyNowAboveStart: 'The buy-now price must be above the start price',
  unconfirmed: 'Your bid could not be confirmed. Please try again.',
  outbidWhileHolding: 'Someone else bid higher at the same moment',
} as const;
