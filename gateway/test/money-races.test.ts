import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Response } from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cardRow,
  coinsOf,
  expectLedgerBalanced,
  marketCards,
  packCards,
  player,
  startMoneyHarness,
  tally,
  type MoneyHarness,
} from './money-harness';

// issue 9 item 2: one player's parallel purchases, on real Postgres in CI (TEST_DATABASE_URL). Every
// answer must be true to what happened, and nothing may be a 5xx.

let h: MoneyHarness;
beforeAll(async () => {
  h = await startMoneyHarness();
}, 180_000); // three services, one seeding the market's cards
afterAll(async () => {
  await h?.close();
});

type Agent = Awaited<ReturnType<typeof player>>['agent'];
const PACK = { id: 1, price: 600, size: 3 };

/** Sends with an Idempotency-Key; a 'pending' answer is asked again with the same key until final. */
async function final(send: () => Promise<Response>): Promise<{ first: Response; last: Response }> {
  const first = await send();
  let last = first;
  for (let i = 0; i < 120 && last.status === 202; i++) {
    await sleep(250);
    last = await send();
  }
  return { first, last };
}

const buy = (agent: Agent, cardId: number, key = randomUUID()) =>
  final(() => agent.post(`/api/market/buy/${cardId}`).set('Idempotency-Key', key).send({}));
const buyPack = (agent: Agent, key = randomUUID()) =>
  final(() => agent.post('/api/packs/purchase').set('Idempotency-Key', key).send({ packId: PACK.id }));

describe('one player buying in parallel', () => {
  it('12 market buys of 12 cards and 12 packs at once: no 5xx, each answer true to what happened', async () => {
    const cards = await marketCards(h, 12);
    const cardsCost = cards.reduce((sum, c) => sum + c.price, 0);
    // Enough for every card or six packs more than that, so some answers are refusals for coins.
    const start = cardsCost + 6 * PACK.price;
    const { agent, id } = await player(h, 'parallel.buyer', start);

    const [buys, packs] = await Promise.all([
      Promise.all(cards.map((c) => buy(agent, c.id))),
      Promise.all(Array.from({ length: 12 }, () => buyPack(agent))),
    ]);
    const firsts = [...buys, ...packs].map((r) => r.first.status);
    const counts = JSON.stringify({
      buys: tally(buys.map((r) => r.first.status)),
      packs: tally(packs.map((r) => r.first.status)),
    });
    expect(
      firsts.filter((s) => s >= 500),
      counts,
    ).toEqual([]);
    for (const r of [...buys, ...packs]) expect([200, 202, 422]).toContain(r.first.status);
    for (const r of [...buys, ...packs]) expect([200, 422], r.last.text).toContain(r.last.status);

    const end = await coinsOf(h, id);
    let spent = 0;
    for (const [i, { last }] of buys.entries()) {
      const card = cards[i]!;
      const row = await cardRow(h, card.id);
      if (last.status === 200) {
        // The price may have ticked since the list was read: the answer says what was paid.
        expect(last.body).toMatchObject({ card: { id: card.id, userId: id }, pricePaid: row.price });
        expect(row.owner_id).toBe(id);
        spent += row.price;
      } else {
        expect(last.body).toEqual({ message: 'Not enough coins or card unavailable' });
        expect(row).toMatchObject({ owner_id: 0, reserved_by: null });
        // A refusal for coins is true only if the coins really were short (balances only fall here).
        expect(end).toBeLessThan(row.price);
      }
    }
    const packIds = new Set(await packCards(h, id));
    for (const { last } of packs) {
      if (last.status === 200) {
        const got = (last.body as { cards: { id: number; userId: number }[] }).cards;
        expect(got.length).toBeGreaterThan(0);
        for (const c of got) {
          expect(c.userId).toBe(id);
          expect(packIds.has(c.id)).toBe(true);
        }
        spent += PACK.price;
      } else {
        expect(last.body).toMatchObject({ message: 'Not enough coins to buy this pack' });
        expect(end).toBeLessThan(PACK.price);
      }
    }
    expect(packIds.size).toBe(packs.filter((r) => r.last.status === 200).length * PACK.size);
    expect(end).toBe(start - spent);
    await expectLedgerBalanced(h);
  });

  it('50 parallel buys with one Idempotency-Key get one outcome: one card, paid once', async () => {
    const [card] = await marketCards(h, 1);
    const { agent, id } = await player(h, 'same.key', card!.price * 3);
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 50 }, () => buy(agent, card!.id, key)));
    // One outcome: every answer is that purchase (a wallet slower than its deadline may make some
    // of them 'pending' first, which the same key then answers).
    for (const { first } of answers) expect([200, 202], first.text).toContain(first.status);
    expect(tally(answers.map((a) => a.last.status))).toEqual({ 200: 50 });
    const paid = (answers[0]!.last.body as { pricePaid: number }).pricePaid;
    for (const { last } of answers)
      expect(last.body).toMatchObject({ card: { id: card!.id, userId: id }, pricePaid: paid });
    expect(await coinsOf(h, id)).toBe(card!.price * 3 - paid);
    expect((await cardRow(h, card!.id)).owner_id).toBe(id);
    await expectLedgerBalanced(h);
  });

  it('50 parallel pack purchases with one Idempotency-Key open one pack', async () => {
    const { agent, id } = await player(h, 'same.pack.key', PACK.price * 2);
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 50 }, () => buyPack(agent, key)));
    // One outcome: every answer is that purchase (a wallet slower than its deadline may make some
    // of them 'pending' first, which the same key then answers).
    for (const { first } of answers) expect([200, 202], first.text).toContain(first.status);
    expect(tally(answers.map((a) => a.last.status))).toEqual({ 200: 50 });
    const cardIds = (answers[0]!.last.body as { cards: { id: number }[] }).cards.map((c) => c.id);
    for (const { last } of answers)
      expect((last.body as { cards: { id: number }[] }).cards.map((c) => c.id)).toEqual(cardIds);
    expect(await packCards(h, id)).toEqual(cardIds);
    expect(await coinsOf(h, id)).toBe(PACK.price);
    await expectLedgerBalanced(h);
  });
});
