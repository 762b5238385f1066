import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cardRow,
  coinsOf,
  expectLedgerBalanced,
  marketCards,
  packCards,
  player,
  startMoneyHarness,
  type MoneyHarness,
} from './money-harness';

// issue 9 item 2 / docs/design.md#6-security: a purchase whose wallet is down or stuck is answered as
// pending (202) or 503 with Retry-After, never as failed; the sweeper settles it, and the same
// Idempotency-Key then answers the final outcome.

let h: MoneyHarness;
beforeAll(async () => {
  h = await startMoneyHarness({
    // cards-market gives up on the wallet after 1 s, and sweeps what is left after half a second.
    PEER_TIMEOUT_MS: '1000',
    SALE_SWEEP_INTERVAL_MS: '200',
    SALE_STUCK_AFTER_MS: '500',
  });
}, 180_000); // three services, one seeding the market's cards
afterAll(async () => {
  h?.walletLink.set('pass');
  await h?.close();
});

const PACK = { id: 1, price: 600, size: 3 };

/** Polls (no timing asserted) until `done` holds; fails after many tries. */
async function eventually(what: string, done: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (await done()) return;
    await sleep(100);
  }
  throw new Error(`never happened: ${what}`);
}

const saleState = async (key: string) =>
  ((await h.cards.database.db('sales').where({ id: key }).first('state')) as { state: string } | undefined)
    ?.state;
const purchaseState = async (key: string) =>
  (
    (await h.cards.database.db('pack_purchases').where({ id: key }).first('state')) as
      { state: string } | undefined
  )?.state;

/** The answer a client gets while the outcome is not known: pending, or 503 asking to come back. */
function expectNotYetKnown(res: { status: number; body: unknown; headers: Record<string, string> }): void {
  expect([202, 503], JSON.stringify(res.body)).toContain(res.status);
  if (res.status === 202) expect(res.body).toMatchObject({ status: 'pending', message: expect.any(String) });
  else expect(res.headers['retry-after']).toMatch(/^\d+$/);
}

describe('a purchase while the wallet is down or stuck', () => {
  it('wallet down: the buy is pending, the sweeper completes it once it is back, the key answers 200', async () => {
    const [card] = await marketCards(h, 1);
    const { agent, id } = await player(h, 'down.buyer', 100_000);
    const key = randomUUID();
    h.walletLink.set('down');
    const first = await agent.post(`/api/market/buy/${card!.id}`).set('Idempotency-Key', key).send({});
    expectNotYetKnown(first);
    expect(first.body).toEqual({
      status: 'pending',
      message: 'Your purchase is being confirmed. It will appear in your collection shortly.',
    });
    expect(first.headers['retry-after']).toBe('2');
    // Nothing is decided yet: the card waits for this buyer, no coin has moved.
    expect((await cardRow(h, card!.id)).reserved_by).toBe(key);
    expect(await coinsOf(h, id)).toBe(100_000);

    h.walletLink.set('pass');
    await eventually('the sweeper completes the sale', async () => (await saleState(key)) === 'completed');
    const again = await agent.post(`/api/market/buy/${card!.id}`).set('Idempotency-Key', key).send({});
    expect(again.status, again.text).toBe(200);
    const paid = (again.body as { pricePaid: number }).pricePaid;
    expect(again.body).toMatchObject({ card: { id: card!.id, userId: id }, remainingCoins: 100_000 - paid });
    expect(await coinsOf(h, id)).toBe(100_000 - paid);
    await expectLedgerBalanced(h);
  });

  it('wallet stuck in the middle of the hold: pending, then the sweeper commits what the wallet held', async () => {
    const [card] = await marketCards(h, 1);
    const { agent, id } = await player(h, 'stuck.buyer', 100_000);
    const key = randomUUID();
    // The wallet receives the hold but cannot finish it: the buyer's account row is locked.
    const blocker = await h.wallet.database.db.transaction();
    const locked = blocker('accounts')
      .where({ name: `user:${id}` })
      .forUpdate();
    await locked;
    const first = agent.post(`/api/market/buy/${card!.id}`).set('Idempotency-Key', key).send({});
    const answer = await first;
    await blocker.commit();
    expectNotYetKnown(answer);

    await eventually('the sweeper completes the sale', async () => (await saleState(key)) === 'completed');
    const again = await agent.post(`/api/market/buy/${card!.id}`).set('Idempotency-Key', key).send({});
    expect(again.status, again.text).toBe(200);
    const paid = (again.body as { pricePaid: number }).pricePaid;
    expect(await coinsOf(h, id)).toBe(100_000 - paid);
    expect((await cardRow(h, card!.id)).owner_id).toBe(id);
    await expectLedgerBalanced(h);
  });

  it('wallet hanging during a pack purchase: pending, then one pack, and the key answers its cards', async () => {
    const { agent, id } = await player(h, 'hang.packs', 1_000);
    const key = randomUUID();
    h.walletLink.set('paused');
    const first = await agent
      .post('/api/packs/purchase')
      .set('Idempotency-Key', key)
      .send({ packId: PACK.id });
    h.walletLink.set('pass');
    expectNotYetKnown(first);
    if (first.status === 202)
      expect(first.body).toEqual({
        status: 'pending',
        message: 'Your pack purchase is being confirmed. Your cards will appear in your collection shortly.',
      });

    await eventually('the sweeper opens the pack', async () => (await purchaseState(key)) === 'completed');
    const again = await agent
      .post('/api/packs/purchase')
      .set('Idempotency-Key', key)
      .send({ packId: PACK.id });
    expect(again.status, again.text).toBe(200);
    const cards = (again.body as { cards: { id: number; userId: number }[] }).cards;
    expect(cards).toHaveLength(PACK.size);
    expect(cards.map((c) => c.id)).toEqual(await packCards(h, id));
    expect(again.body).toMatchObject({ coinsSpent: PACK.price, remainingCoins: 1_000 - PACK.price });
    expect(await coinsOf(h, id)).toBe(1_000 - PACK.price);
    await expectLedgerBalanced(h);
  });
});
