import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BAD_CURSOR } from '@touchline/contract';
import { startEveryService, type EveryService, type Player } from './every-service';

// Real services behind the gateway on a shared machine: slow to start, not timed.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 300_000 });

// Issue 43: GET /api/market/my-listings and POST /api/market/reprice/:id, the seller's own only.

let h: EveryService;
let seller: Player;
let other: Player;
let cards: number[];

const priceOf = async (cardId: number) =>
  (await h.peers.cards.GetCardsByIds({ cardIds: [cardId] })).cards[0]!.player!.currentPrice;

beforeAll(async () => {
  h = await startEveryService();
  [seller, other] = await Promise.all([h.player('lister'), h.player('looker')]);
  cards = await h.mint(seller.id, 3);
  for (const id of cards) {
    const res = await seller.agent.post(`/api/market/sell/${id}`).send({ price: await priceOf(id) });
    expect(res.status, res.text).toBe(200);
  }
});
afterAll(async () => {
  await h?.stop();
});

describe('GET /api/market/my-listings', () => {
  it('pages the caller’s open listings with price, fee, time and the market price then and now', async () => {
    const first = await seller.agent.get('/api/market/my-listings?limit=2');
    expect(first.status, first.text).toBe(200);
    expect(first.body.items.map((i: { card: { id: number } }) => i.card.id)).toEqual([cards[2], cards[1]]);
    const price = await priceOf(cards[2]!);
    expect(first.body.items[0]).toMatchObject({
      price,
      feePercent: 10,
      marketPriceAtListing: price,
      currentPrice: price,
      status: 'active',
    });
    expect(typeof first.body.items[0].listedAt).toBe('string');
    const next = await seller.agent.get(`/api/market/my-listings?limit=2&cursor=${first.body.nextCursor}`);
    expect(next.body).toMatchObject({ nextCursor: null });
    expect(next.body.items.map((i: { card: { id: number } }) => i.card.id)).toEqual([cards[0]]);
  });

  it('shows another player none of them, and refuses a bad cursor', async () => {
    const res = await other.agent.get('/api/market/my-listings');
    expect(res.body).toEqual({ items: [], nextCursor: null });
    const bad = await seller.agent.get('/api/market/my-listings?cursor=bm90LWEtY3Vyc29y');
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ message: BAD_CURSOR });
  });
});

describe('POST /api/market/reprice/:id', () => {
  it('lists the card again at the new price with the fee of that price', async () => {
    const id = cards[0]!;
    const higher = Math.floor((await priceOf(id)) * 1.2);
    const res = await seller.agent.post(`/api/market/reprice/${id}`).send({ price: higher });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ price: higher, feePercent: 15 });
    const mine = await seller.agent.get('/api/market/my-listings');
    expect(mine.body.items.find((i: { card: { id: number } }) => i.card.id === id)).toMatchObject({
      price: higher,
      feePercent: 15,
    });
  });

  it('refuses another player’s card (403), a card not listed (404) and a bad price (400), changing nothing', async () => {
    const id = cards[1]!;
    const before = (await seller.agent.get('/api/market/my-listings')).body;
    const foreign = await other.agent.post(`/api/market/reprice/${id}`).send({ price: await priceOf(id) });
    expect(foreign.status).toBe(403);
    expect(foreign.body).toEqual({ message: 'You do not own this card' });
    const [unlisted] = await h.mint(seller.id, 1);
    const missing = await seller.agent.post(`/api/market/reprice/${unlisted}`).send({ price: 100 });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ message: 'This card is not listed for sale' });
    const bad = await seller.agent.post(`/api/market/reprice/${id}`).send({ price: -5 });
    expect(bad.status).toBe(400);
    expect((await seller.agent.get('/api/market/my-listings')).body).toEqual(before);
  });
});
