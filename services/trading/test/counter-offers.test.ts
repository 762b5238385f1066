import { status } from '@grpc/grpc-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_COUNTER_STEPS } from '../src/domain/offer';
import { failure, key, startTrading, warm, type TradingHarness } from './support';

let h: TradingHarness;

beforeAll(async () => {
  h = await startTrading();
});
afterAll(async () => {
  await h?.stop();
});

/** A offers one card to B, asking for nothing: the negotiation's first offer. */
async function opening(coins = 0) {
  const [a, b] = [await h.user('opener'), await h.user('counterer')];
  const [ca] = await h.giveCards(a);
  const [cb] = await h.giveCards(b);
  if (coins > 0) await h.grant(b, coins);
  const { offer } = await h.client.CreateOffer({
    userId: a,
    toUserId: b,
    offeredCardIds: [ca!.id],
    offeredCoins: 0,
    requestedCardIds: [],
    requestedCoins: 0,
    note: '',
    idempotencyKey: key(),
  });
  return { a, b, ca: ca!.id, cb: cb!.id, offer: offer! };
}

type Terms = { offered?: number[]; coins?: number; requested?: number[]; requestedCoins?: number };
const counter = (userId: number, offerId: number, t: Terms, idempotencyKey = key(), note = '') =>
  h.client.CounterOffer({
    userId,
    offerId,
    offeredCardIds: t.offered ?? [],
    offeredCoins: t.coins ?? 0,
    requestedCardIds: t.requested ?? [],
    requestedCoins: t.requestedCoins ?? 0,
    note,
    idempotencyKey,
  });

const LAGS_MS = [0, 10, 25, 50];
const after = <T>(ms: number, call: () => Promise<T>) =>
  new Promise<void>((resolve) => setTimeout(resolve, ms)).then(call);
const warmAll = () =>
  Promise.all([warm(h.trading.database.db), warm(h.cards.database.db), warm(h.wallet.database.db)]);

describe('a negotiation: counter, counter again, accept the last', () => {
  it('each counter ends the offer it answers; the last is accepted as any trade; one thread on both sides', async () => {
    const { a, b, ca, cb, offer } = await opening(600);
    // B answers "your card for mine and 300 of my coins"; A wants the swap alone; B offers 500 coins.
    const first = (
      await counter(b, offer.id, { offered: [cb], coins: 300, requested: [ca] }, key(), 'meet me')
    ).offer!;
    expect(first).toMatchObject({
      fromUserId: b,
      toUserId: a,
      status: 'pending',
      counterOfOfferId: offer.id,
      threadId: offer.id,
      threadStep: 1,
      note: 'meet me',
      offeredCoins: 300,
    });
    expect(await h.offerStatus(offer.id)).toMatchObject({ status: 'countered' });
    // A counters: the two cards, no coins.
    const second = (await counter(a, first.id, { offered: [ca], requested: [cb], requestedCoins: 0 })).offer!;
    expect(second).toMatchObject({ fromUserId: a, toUserId: b, threadId: offer.id, threadStep: 2 });
    const third = (await counter(b, second.id, { offered: [cb], coins: 500, requested: [ca] })).offer!;
    expect(third.threadStep).toBe(3);

    const profitBefore = await h.profit();
    const accepted = await h.client.AcceptOffer({ userId: a, offerId: third.id, idempotencyKey: key() });
    expect(accepted.offer!.status).toBe('accepted');
    expect(await h.ownerOf(ca)).toBe(b);
    expect(await h.ownerOf(cb)).toBe(a);
    // The 2.5% fee of any trade: A gets floor(500 × 0.975) = 487.
    expect(await h.balance(a)).toEqual({ coins: 487, held: 0 });
    expect(await h.balance(b)).toEqual({ coins: 100, held: 0 });
    expect((await h.profit()) - profitBefore).toBe(13);

    for (const party of [a, b]) {
      const { offers } = await h.client.GetOfferThread({ userId: party, offerId: second.id });
      expect(offers.map((o) => [o.id, o.status, o.threadStep])).toEqual([
        [offer.id, 'countered', 0],
        [first.id, 'countered', 1],
        [second.id, 'countered', 2],
        [third.id, 'accepted', 3],
      ]);
    }
    const stranger = await h.user('stranger');
    expect(await failure(h.client.GetOfferThread({ userId: stranger, offerId: offer.id }))).toMatchObject({
      code: status.NOT_FOUND,
    });
    expect(await h.events('trading.offer.countered')).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ offerId: offer.id, counterOfferId: first.id, threadStep: 1 }),
        expect.objectContaining({ offerId: second.id, counterOfferId: third.id, threadStep: 3 }),
      ]),
    );
    const created = await h.events('trading.offer.created', String(first.id));
    expect(created).toEqual([expect.objectContaining({ counterOfOfferId: offer.id, fromUserId: b })]);
    await h.audit();
  });

  it(`works up to ${MAX_COUNTER_STEPS} counters; the next is refused with 422 and nothing changes`, async () => {
    const { a, b, ca, cb, offer } = await opening();
    let latest = offer;
    for (let step = 1; step <= MAX_COUNTER_STEPS; step++) {
      const byB = step % 2 === 1;
      latest = (
        await counter(
          byB ? b : a,
          latest.id,
          byB ? { offered: [cb], requested: [ca] } : { offered: [ca], requested: [cb] },
        )
      ).offer!;
      expect(latest.threadStep).toBe(step);
    }
    // Step 10 was A's (even): B would make the 11th.
    expect(await failure(counter(b, latest.id, { offered: [cb], requested: [ca] }))).toMatchObject({
      code: status.FAILED_PRECONDITION,
      details: `A negotiation can have at most ${MAX_COUNTER_STEPS} counter-offers`,
    });
    expect(await h.offerStatus(latest.id)).toMatchObject({ status: 'pending' });
    // Declining ends the thread: nothing is pending any more.
    await h.client.DeclineOffer({ userId: b, offerId: latest.id, idempotencyKey: key() });
    const { offers } = await h.client.GetOfferThread({ userId: a, offerId: offer.id });
    expect(offers).toHaveLength(MAX_COUNTER_STEPS + 1);
    expect(offers.filter((o) => o.status === 'pending')).toEqual([]);
  });
});

describe('countering: what is refused', () => {
  it('only the recipient counters; a stranger learns nothing; the terms are checked as a new offer', async () => {
    const { a, b, ca, cb, offer } = await opening();
    const stranger = await h.user('stranger');
    expect(await failure(counter(a, offer.id, { offered: [ca] }))).toMatchObject({
      code: status.PERMISSION_DENIED,
      details: 'Only the recipient can counter this offer',
    });
    expect(await failure(counter(stranger, offer.id, { coins: 1, requested: [ca] }))).toMatchObject({
      code: status.NOT_FOUND,
      details: 'Trade offer not found',
    });
    // B cannot offer A's card, nor coins B does not have, nor nothing at all.
    expect(await failure(counter(b, offer.id, { offered: [ca] }))).toMatchObject({
      code: status.PERMISSION_DENIED,
      details: 'You can only offer your own cards',
    });
    expect(await failure(counter(b, offer.id, { coins: 50, requested: [ca] }))).toMatchObject({
      code: status.FAILED_PRECONDITION,
      details: 'Not enough coins',
    });
    expect(await failure(counter(b, offer.id, { requested: [ca] }))).toMatchObject({
      code: status.INVALID_ARGUMENT,
    });
    expect(await h.offerStatus(offer.id)).toMatchObject({ status: 'pending' });
    // Once the original is answered, a decline or another counter of it is refused.
    await counter(b, offer.id, { offered: [cb] });
    expect(await failure(counter(b, offer.id, { offered: [cb], requested: [ca] }))).toMatchObject({
      code: status.ALREADY_EXISTS,
      details: 'This offer is no longer pending',
    });
    expect(
      await failure(h.client.DeclineOffer({ userId: b, offerId: offer.id, idempotencyKey: key() })),
    ).toMatchObject({ code: status.ALREADY_EXISTS });
  });

  it('is idempotent by key: a retry answers the same counter; the key cannot make another', async () => {
    const { b, ca, cb, offer } = await opening();
    const idempotencyKey = key();
    const [one, two] = await Promise.all([
      counter(b, offer.id, { offered: [cb], requested: [ca] }, idempotencyKey),
      counter(b, offer.id, { offered: [cb], requested: [ca] }, idempotencyKey),
    ]);
    expect(one.offer!.id).toBe(two.offer!.id);
    expect((await counter(b, offer.id, { offered: [cb], requested: [ca] }, idempotencyKey)).offer!.id).toBe(
      one.offer!.id,
    );
    expect(await failure(counter(b, offer.id, { offered: [cb] }, idempotencyKey))).toMatchObject({
      code: status.ALREADY_EXISTS,
      details: 'Idempotency key was used for another offer',
    });
    expect(await h.events('trading.offer.countered', String(offer.id))).toHaveLength(1);
  });

  it('countering an offer already cancelled: 409, no counter stored', async () => {
    const { a, b, cb, offer } = await opening();
    await h.client.CancelOffer({ userId: a, offerId: offer.id, idempotencyKey: key() });
    expect(await failure(counter(b, offer.id, { offered: [cb] }))).toMatchObject({
      code: status.ALREADY_EXISTS,
      details: 'This offer is no longer pending',
    });
    const { offers } = await h.client.GetOfferThread({ userId: b, offerId: offer.id });
    expect(offers.map((o) => o.status)).toEqual(['cancelled']);
  });
});

describe('races on a negotiation: exactly one outcome', () => {
  it('two counters to one offer in parallel: one counter stored, the other refused', async () => {
    await warmAll();
    for (const lag of LAGS_MS) {
      const { b, ca, cb, offer } = await opening();
      const results = await Promise.allSettled([
        counter(b, offer.id, { offered: [cb], requested: [ca] }),
        after(lag, () => counter(b, offer.id, { offered: [cb] })),
      ]);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
      expect((refused.reason as { code: number }).code).toBe(status.ALREADY_EXISTS);
      const { offers } = await h.client.GetOfferThread({ userId: b, offerId: offer.id });
      expect(offers.map((o) => o.status)).toEqual(['countered', 'pending']);
      expect(await h.events('trading.offer.countered', String(offer.id))).toHaveLength(1);
    }
  });

  it('a counter racing the accept of the same offer: the trade or the counter, never both', async () => {
    await warmAll();
    for (const lag of LAGS_MS) {
      const { a, b, ca, cb, offer } = await opening();
      const [accepted, countered] = await Promise.allSettled([
        h.client.AcceptOffer({ userId: b, offerId: offer.id, idempotencyKey: key() }),
        after(lag, () => counter(b, offer.id, { offered: [cb], requested: [ca] })),
      ]);
      expect([accepted.status, countered.status].filter((s) => s === 'fulfilled')).toHaveLength(1);
      const { offers } = await h.client.GetOfferThread({ userId: a, offerId: offer.id });
      if (accepted.status === 'fulfilled') {
        expect(offers.map((o) => o.status)).toEqual(['accepted']);
        expect(await h.ownerOf(ca)).toBe(b);
      } else {
        expect(offers.map((o) => o.status)).toEqual(['countered', 'pending']);
        expect(await h.ownerOf(ca)).toBe(a);
      }
    }
    await h.audit();
  });

  it('a counter accepted while its card is accepted elsewhere: one trade gets the card', async () => {
    await warmAll();
    for (const lag of LAGS_MS) {
      const { a, b, ca, cb, offer } = await opening(400);
      const countered = (await counter(b, offer.id, { offered: [cb], coins: 400, requested: [ca] })).offer!;
      // A also offered the same card to C; C accepts while A accepts B's counter.
      const c = await h.user('elsewhere');
      const { offer: other } = await h.client.CreateOffer({
        userId: a,
        toUserId: c,
        offeredCardIds: [ca],
        offeredCoins: 0,
        requestedCardIds: [],
        requestedCoins: 0,
        note: '',
        idempotencyKey: key(),
      });
      const [viaCounter, viaOther] = await Promise.allSettled([
        h.client.AcceptOffer({ userId: a, offerId: countered.id, idempotencyKey: key() }),
        after(lag, () => h.client.AcceptOffer({ userId: c, offerId: other!.id, idempotencyKey: key() })),
      ]);
      expect([viaCounter.status, viaOther.status].filter((s) => s === 'fulfilled')).toHaveLength(1);
      if (viaCounter.status === 'fulfilled') {
        expect(await h.ownerOf(ca)).toBe(b);
        expect(await h.ownerOf(cb)).toBe(a);
        expect(await h.balance(a)).toEqual({ coins: 390, held: 0 });
        expect(await h.balance(b)).toEqual({ coins: 0, held: 0 });
      } else {
        expect(await h.ownerOf(ca)).toBe(c);
        expect(await h.ownerOf(cb)).toBe(b);
        expect(await h.balance(b)).toEqual({ coins: 400, held: 0 });
        expect(await h.balance(a)).toEqual({ coins: 0, held: 0 });
      }
      expect(await h.holdKeyOf(ca)).toBeNull();
      expect(await h.holdKeyOf(cb)).toBeNull();
    }
    await h.audit();
  });
});
