import type { Auction } from '@touchline/contract';

/** Time left until `endsAt` as a countdown shows it: '2d 3h', '5h 12m', '4m 05s', '0:42', 'Ending…'. */
export function timeLeft(endsAt: string, now: number): string {
  const ms = new Date(endsAt).getTime() - now;
  if (!Number.isFinite(ms)) return '';
  if (ms <= 0) return 'Ending…';
  const seconds = Math.floor(ms / 1000);
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const secs = seconds % 60;
  if (days > 0) return `${days}d ${hours}h`;
  if (hours > 0) return `${hours}h ${minutes}m`;
  if (minutes > 0) return `${minutes}m ${String(secs).padStart(2, '0')}s`;
  return `0:${String(secs).padStart(2, '0')}`;
}

/** Under this long left, the countdown turns urgent (the last 30 s move the end). */
export const ENDING_SOON_MS = 60_000;

export const isEndingSoon = (endsAt: string, now: number) =>
  new Date(endsAt).getTime() - now < ENDING_SOON_MS;

/** What an auction's status reads as. */
export function statusLabel(auction: Pick<Auction, 'status'>): string {
  switch (auction.status) {
    case 'open':
      return 'Live';
    case 'settling':
      return 'Settling';
    case 'sold':
      return 'Sold';
    case 'unsold':
      return 'Ended without bids';
    case 'withdrawn':
      return 'Withdrawn';
  }
}

/** The price an auction shows: its current bid, else its start price. */
export const shownPrice = (auction: Pick<Auction, 'currentBid' | 'startPrice' | 'finalPrice'>) =>
  auction.finalPrice ?? auction.currentBid ?? auction.startPrice;
