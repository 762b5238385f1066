import { randomUUID } from 'node:crypto';
import type { Player } from './client';

export interface CardView {
  id: number;
  forSale: boolean;
  /** The open auction the card is in, if any. */
  auctionId?: number | null;
  userId: number;
  player: { currentPrice: number };
}

/** Runs `count` copies of the call at once with one Idempotency-Key: the same operation raced. */
export function race(count: number, call: (key: string) => Promise<unknown>): Promise<unknown> {
  const key = randomUUID();
  return Promise.all(Array.from({ length: count }, () => call(key)));
}

export async function cardsOf(player: Player): Promise<CardView[]> {
  const res = await player.call<CardView[]>('read.cards', 'get', '/api/user/cards', { key: false });
  return res.status === 200 && Array.isArray(res.body) ? res.body : [];
}
