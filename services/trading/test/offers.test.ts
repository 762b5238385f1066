import { randomUUID } from 'node:crypto';
import { status } from '@grpc/grpc-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '@touchline/kit';
import { LINEUP_CARD_MESSAGES, LINEUP_HOLD_PREFIX } from '@touchline/rules';
import type { EventInput, Topic } from '@touchline/protos';
import { eventMessage } from '@touchline/kit/testing';
import { listOffers, countIncomingPending } from '../src/use-cases/list-offers';
import { acceptOffer } from '../src/use-cases/accept-offer';
import { expireOffers } from '../src/use-cases/voiding';
import { eventually, failure, key, startTrading, wishRequest, type TradingHarness } from './support';

let h: TradingHarness;

beforeAll(async () => {
  h = await startTrading();
});
afterAll(async () => {
  await h?.stop();
});

/** A pending offer from `from` to `to` with the given terms (defaults: nothing but the cards given). */
async function offer(
  from: number,
  to: number,
  terms: {
    cards?: number[];
    coins?: number;
    requested?: number[];
    requestedCoins?: number;
    note?: string;
  } = {},
) {
  const { offer: created } = await h.client.CreateOffer({
    userId: from,
    toUserId: to,
    offeredCardIds: terms.cards ?? [],
    offeredCoins: terms.coins ?? 0,
    requestedCardIds: terms.requested ?? [],
    requestedCoins: terms.requestedCoins ?? 0,
    note: terms.note ?? '',
    idempotencyKey: key(),
  });
  return created!;
}

const accept = (userId: number, offerId: number, idempotencyKey = key()) =>
  h.client.AcceptOffer({ userId, offerId, idempotencyKey });

/** Publishes an event on the shared bus as its producer's relay would. */
async function publish<T extends Topic>(topic: T, eventKey: string, payload: EventInput<T>) {
  await h.bus.publish([eventMessage(topic, eventKey, payload)]);
}

describe('a trade from offer to acceptance', () => {
  it('A offers a card and 1000 coins; B accepts: B has the card and 975 coins, 25 go to profit', async () => {
    const [a, b] = [await h.user('alice'), await h.user('bob')];
    const [card] = await h.giveCards(a);
    await h.grant(a, 1500);
    const profitBefore = await h.profit();

    const created = await offer(a, b, { cards: [card!.id], coins: 1000, note: 'Good luck!' });
    expect(created).toMatchObject({
      fromUserId: a,
      toUserId: b,
      offeredCardIds: [card!.id],
      offeredCoins: 1000,
      offeredCoinsAfterFee: 975,
      requestedCardIds: [],
      requestedCoins: 0,
      status: 'pending',
      statusReason: '',
      note: 'Good luck!',
      wishId: 0,
    });
    const week = new Date(created.expiresAt).getTime() - new Date(created.createdAt).getTime();
    expect(week).toBe(7 * 24 * 60 * 60 * 1000);
    expect((await h.client.ListIncomingOffers({ userId: b, status: '' })).offers.map((o) => o.id)).toEqual([
      created.id,
    ]);
    expect((await h.client.ListOutgoingOffers({ userId: a, status: '' })).offers.map((o) => o.id)).toEqual([
      created.id,
    ]);
    expect((await h.client.ListIncomingOffers({ userId: a, status: '' })).offers).toEqual([]);
    expect(await h.client.CountIncomingPending({ userId: b })).toEqual({ count: 1 });
    expect(await h.events('trading.offer.created', String(created.id))).toMatchObject([
      { offerId: created.id, fromUserId: a, toUserId: b, offeredCardIds: [card!.id], offeredCoins: 1000 },
    ]);

    const { offer: accepted } = await accept(b, created.id);
    expect(accepted).toMatchObject({ id: created.id, status: 'accepted', statusReason: '' });
    expect(await h.ownerOf(card!.id)).toBe(b);
    expect(await h.holdKeyOf(card!.id)).toBeNull();
    expect(await h.balance(a)).toEqual({ coins: 500, held: 0 });
    expect(await h.balance(b)).toEqual({ coins: 975, held: 0 });
    expect((await h.profit()) - profitBefore).toBe(25);
    await h.audit();

    expect(await h.client.CountIncomingPending({ userId: b })).toEqual({ count: 0 });
    expect((await h.client.ListIncomingOffers({ userId: b, status: 'accepted' })).offers).toHaveLength(1);
    const [event] = await h.events('trading.trade.accepted', String(created.id));
    expect(event).toMatchObject({
      offerId: created.id,
      fromUserId: a,
      toUserId: b,
      offeredCoins: 1000,
      offeredCoinsReceived: 975,
      requestedCoins: 0,
      requestedCoinsReceived: 0,
      cards: [
        { cardId: card!.id, fromUserId: a, toUserId: b, playerName: expect.any(String), rarity: 'Common' },
      ],
    });
    const { records } = await h.client.ListTradeHistory({ userId: a, mineOnly: true });
    expect(records).toMatchObject([
      { tradeType: 'trade', cardId: card!.id, sellerUserId: a, buyerUserId: b, salePrice: 0, profitLoss: 0 },
    ]);
    // The row tells what the trade exchanged: the card and the 1,000 coins, both from A; nothing back.
    expect(records[0]!.exchange).toEqual({
      offerId: created.id,
      fromUserId: a,
      toUserId: b,
      offeredCards: [
        { cardId: card!.id, playerId: card!.playerId, playerName: expect.any(String), rarity: 'Common' },
      ],
      offeredCoins: 1000,
      requestedCards: [],
      requestedCoins: 0,
    });
  });

  it('cards both ways with requested coins: each side gets the other card, A gets floor(41 * 0.975) = 39', async () => {
    const [a, b] = [await h.user('swapper'), await h.user('partner')];
    const [mine] = await h.giveCards(a);
    const [theirs] = await h.giveCards(b);
    await h.grant(b, 41);
    const profitBefore = await h.profit();
    const created = await offer(a, b, { cards: [mine!.id], requested: [theirs!.id], requestedCoins: 41 });
    expect(created.requestedCoinsAfterFee).toBe(39);

    await accept(b, created.id);
    expect(await h.ownerOf(mine!.id)).toBe(b);
    expect(await h.ownerOf(theirs!.id)).toBe(a);
    expect(await h.balance(a)).toEqual({ coins: 39, held: 0 });
    expect(await h.balance(b)).toEqual({ coins: 0, held: 0 });
    expect((await h.profit()) - profitBefore).toBe(2);
    const { records } = await h.client.ListTradeHistory({ userId: a, mineOnly: true });
    expect(records.find((r) => r.cardId === mine!.id)).toMatchObject({
      sellerUserId: a,
      buyerUserId: b,
      salePrice: 41,
      profitLoss: 39 - 100,
    });
    // Both rows of the trade carry both sides of it.
    for (const record of records.filter((r) => r.tradeType === 'trade')) {
      expect(record.exchange).toMatchObject({
        offerId: created.id,
        offeredCards: [{ cardId: mine!.id }],
        offeredCoins: 0,
        requestedCards: [{ cardId: theirs!.id }],
        requestedCoins: 41,
      });
    }
    await h.audit();
  });

  it('one coin: the recipient receives floor(0.975) = 0 and the whole coin is the fee', async () => {
    const [a, b] = [await h.user('penny'), await h.user('pincher')];
    const [card] = await h.giveCards(a);
    await h.grant(a, 1);
    const profitBefore = await h.profit();
    const created = await offer(a, b, { cards: [card!.id], coins: 1 });
    expect(created.offeredCoinsAfterFee).toBe(0);
    await accept(b, created.id);
    expect(await h.balance(a)).toEqual({ coins: 0, held: 0 });
    expect(await h.balance(b)).toEqual({ coins: 0, held: 0 });
    expect((await h.profit()) - profitBefore).toBe(1);
    await h.audit();
  });

  it('accepting one offer voids the other pending offers on the same card', async () => {
    const [a, b, c] = [await h.user('popular'), await h.user('first'), await h.user('second')];
    const [card] = await h.giveCards(a);
    const one = await offer(a, b, { cards: [card!.id] });
    const two = await offer(a, c, { cards: [card!.id] });
    await accept(b, one.id);
    expect(await h.offerStatus(two.id)).toEqual({
      status: 'voided',
      status_reason: 'A card in this offer changed owner',
    });
    expect(await h.events('trading.offer.voided', String(two.id))).toMatchObject([
      { offerId: two.id, reason: 'card_moved' },
    ]);
    expect((await failure(accept(c, two.id))).code).toBe(status.ALREADY_EXISTS);
    expect(await h.ownerOf(card!.id)).toBe(b);
  });
});

describe('creating an offer: what is refused', () => {
  let a: number;
  let b: number;
  let aCard: number;
  let bCard: number;
  beforeAll(async () => {
    [a, b] = [await h.user('creator'), await h.user('target')];
    aCard = (await h.giveCards(a))[0]!.id;
    bCard = (await h.giveCards(b))[0]!.id;
  });
  const create = (over: Record<string, unknown>) =>
    failure(
      h.client.CreateOffer({
        userId: a,
        toUserId: b,
        offeredCardIds: [aCard],
        offeredCoins: 0,
        requestedCardIds: [],
        requestedCoins: 0,
        note: '',
        idempotencyKey: key(),
        ...over,
      }),
    );

  it('yourself → 422, an unknown user → 404', async () => {
    expect(await create({ toUserId: a })).toMatchObject({
      code: status.FAILED_PRECONDITION,
      details: 'You cannot trade with yourself',
    });
    expect(await create({ toUserId: 99_999_999 })).toMatchObject({
      code: status.NOT_FOUND,
      details: 'User not found',
    });
  });

  it("someone else's card → 403, a requested card the recipient does not own → 422, unknown → 404", async () => {
    expect(await create({ offeredCardIds: [bCard] })).toMatchObject({
      code: status.PERMISSION_DENIED,
      details: 'You can only offer your own cards',
    });
    expect(await create({ requestedCardIds: [aCard + 1_000_000] })).toMatchObject({ code: status.NOT_FOUND });
    const [other] = await h.giveCards(await h.user('bystander'));
    expect(await create({ requestedCardIds: [other!.id] })).toMatchObject({
      code: status.FAILED_PRECONDITION,
      details: 'A requested card does not belong to this user',
    });
  });

  it('more coins than the sender has → 422 Not enough coins; nothing offered → 400', async () => {
    expect(await create({ offeredCoins: 10 })).toMatchObject({
      code: status.FAILED_PRECONDITION,
      details: 'Not enough coins',
    });
    expect(await create({ offeredCardIds: [] })).toMatchObject({ code: status.INVALID_ARGUMENT });
    expect(await create({ idempotencyKey: '' })).toMatchObject({ code: status.INVALID_ARGUMENT });
  });

  it('a card listed for sale cannot be offered or requested', async () => {
    const [listed] = await h.giveCards(a);
    await h.peers.cards.SellCard({
      userId: a,
      cardId: listed!.id,
      price: listed!.price,
      idempotencyKey: key(),
    });
    expect(await create({ offeredCardIds: [listed!.id] })).toMatchObject({
      code: status.FAILED_PRECONDITION,
      details: 'Cards listed for sale cannot be traded',
    });
  });

  it('a card at auction cannot be offered, and the card hold an accept takes is refused', async () => {
    const [card] = await h.giveCards(a);
    await h.peers.cards.StartAuction({
      userId: a,
      cardId: card!.id,
      startPrice: card!.price,
      buyNowPrice: 0,
      duration: '1h',
      idempotencyKey: key(),
    });
    expect(await create({ offeredCardIds: [card!.id] })).toMatchObject({
      code: status.FAILED_PRECONDITION,
      details: 'Cards at auction cannot be traded',
    });
    // The card-side hold is what an accept takes: the auction's key refuses it too.
    await expect(
      h.peers.cards.HoldCards({
        holdKey: key(),
        ownerUserId: a,
        toUserId: b,
        cardIds: [card!.id],
        reason: 'trade',
        reference: 'offer',
      }),
    ).rejects.toMatchObject({ code: 'conflict', message: 'A card in this trade is no longer available' });
  });

  it('a card fielded in a matchday lineup cannot be offered or requested until kickoff, and says so', async () => {
    const [mine] = await h.giveCards(a);
    const [theirs] = await h.giveCards(b);
    // What matchday asks of cards-market to field a card (its key names the lineup).
    const field = (owner: number, cardId: number) =>
      h.peers.cards.HoldCards({
        holdKey: `${LINEUP_HOLD_PREFIX}9:${owner}:1:${cardId}:${key().slice(0, 8)}`,
        ownerUserId: owner,
        toUserId: owner,
        cardIds: [cardId],
        reason: 'matchday',
        reference: 'matchday:9',
      });
    await field(a, mine!.id);
    await field(b, theirs!.id);
    expect(await create({ offeredCardIds: [mine!.id] })).toMatchObject({
      code: status.FAILED_PRECONDITION,
      details: LINEUP_CARD_MESSAGES.cardInLineup,
    });
    expect(await create({ requestedCardIds: [theirs!.id] })).toMatchObject({
      code: status.FAILED_PRECONDITION,
      details: LINEUP_CARD_MESSAGES.requestedCardInLineup,
    });
    // An accept's hold (an offer made before the card was fielded) is told why too.
    await expect(
      h.peers.cards.HoldCards({
        holdKey: key(),
        ownerUserId: a,
        toUserId: b,
        cardIds: [mine!.id],
        reason: 'trade',
        reference: 'offer',
      }),
    ).rejects.toMatchObject({ code: 'conflict', message: LINEUP_CARD_MESSAGES.tradeCardInLineup });
  });

  it('is idempotent by key: the same request answers the same offer, other terms are refused', async () => {
    const request = {
      userId: a,
      toUserId: b,
      offeredCardIds: [aCard],
      offeredCoins: 0,
      requestedCardIds: [bCard],
      requestedCoins: 0,
      note: '',
      idempotencyKey: key(),
    };
    const [first, second] = await Promise.all([h.client.CreateOffer(request), h.client.CreateOffer(request)]);
    expect(second.offer!.id).toBe(first.offer!.id);
    expect((await h.client.CreateOffer(request)).offer!.id).toBe(first.offer!.id);
    expect(await h.events('trading.offer.created', String(first.offer!.id))).toHaveLength(1);
    expect(await failure(h.client.CreateOffer({ ...request, requestedCardIds: [] }))).toMatchObject({
      code: status.ALREADY_EXISTS,
    });
  });

  it('a muted user cannot attach a note, but can still trade without one', async () => {
    const muted = await h.user('quiet');
    const [card] = await h.giveCards(muted);
    await h.identity.database.db('users').where({ id: muted }).update({ muted: true });
    const request = {
      userId: muted,
      toUserId: b,
      offeredCardIds: [card!.id],
      offeredCoins: 0,
      requestedCardIds: [],
      requestedCoins: 0,
      note: 'hello there',
      idempotencyKey: key(),
    };
    expect(await failure(h.client.CreateOffer(request))).toMatchObject({
      code: status.PERMISSION_DENIED,
      details: 'Muted users cannot post notes',
    });
    const { offer: plain } = await h.client.CreateOffer({ ...request, note: '  ', idempotencyKey: key() });
    expect(plain).toMatchObject({ status: 'pending', note: '' });
  });
});

describe('decline, cancel and who may act', () => {
  it('only the recipient accepts or declines, only the sender cancels; strangers learn nothing', async () => {
    const [a, b, c] = [await h.user('owner'), await h.user('receiver'), await h.user('stranger')];
    const [card] = await h.giveCards(a);
    const created = await offer(a, b, { cards: [card!.id] });
    const expectCode = async (call: Promise<unknown>, code: number) =>
      expect((await failure(call)).code).toBe(code);

    await expectCode(accept(c, created.id), status.NOT_FOUND);
    await expectCode(
      h.client.DeclineOffer({ userId: c, offerId: created.id, idempotencyKey: key() }),
      status.NOT_FOUND,
    );
    await expectCode(
      h.client.CancelOffer({ userId: c, offerId: created.id, idempotencyKey: key() }),
      status.NOT_FOUND,
    );
    await expectCode(accept(a, created.id), status.PERMISSION_DENIED);
    await expectCode(
      h.client.DeclineOffer({ userId: a, offerId: created.id, idempotencyKey: key() }),
      status.PERMISSION_DENIED,
    );
    await expectCode(
      h.client.CancelOffer({ userId: b, offerId: created.id, idempotencyKey: key() }),
      status.PERMISSION_DENIED,
    );
    await expectCode(accept(b, 987_654_321), status.NOT_FOUND);
    expect(await h.offerStatus(created.id)).toEqual({ status: 'pending', status_reason: '' });
    expect(await h.ownerOf(card!.id)).toBe(a);
    expect((await h.client.ListIncomingOffers({ userId: c, status: 'all' })).offers).toEqual([]);
  });

  it('decline: declined once, a repeat answers the same, nothing else moves it', async () => {
    const [a, b] = [await h.user('hopeful'), await h.user('picky')];
    const [card] = await h.giveCards(a);
    const created = await offer(a, b, { cards: [card!.id] });
    const { offer: declined } = await h.client.DeclineOffer({
      userId: b,
      offerId: created.id,
      idempotencyKey: key(),
    });
    expect(declined).toMatchObject({ status: 'declined' });
    expect(
      (await h.client.DeclineOffer({ userId: b, offerId: created.id, idempotencyKey: key() })).offer,
    ).toMatchObject({ status: 'declined' });
    expect(
      await failure(h.client.CancelOffer({ userId: a, offerId: created.id, idempotencyKey: key() })),
    ).toMatchObject({ code: status.ALREADY_EXISTS, details: 'This offer is no longer pending' });
    expect(await failure(accept(b, created.id))).toMatchObject({ code: status.ALREADY_EXISTS });
    expect(await h.events('trading.offer.declined', String(created.id))).toMatchObject([
      { offerId: created.id, fromUserId: a, toUserId: b },
    ]);
    expect(await h.ownerOf(card!.id)).toBe(a);
  });

  it('cancel: the sender withdraws it and the recipient can no longer accept', async () => {
    const [a, b] = [await h.user('regretful'), await h.user('late')];
    const [card] = await h.giveCards(a);
    const created = await offer(a, b, { cards: [card!.id] });
    expect(
      (await h.client.CancelOffer({ userId: a, offerId: created.id, idempotencyKey: key() })).offer,
    ).toMatchObject({
      status: 'cancelled',
    });
    expect(await failure(accept(b, created.id))).toMatchObject({ code: status.ALREADY_EXISTS });
    expect(await h.events('trading.offer.cancelled', String(created.id))).toHaveLength(1);
    expect(await h.client.CountIncomingPending({ userId: b })).toEqual({ count: 0 });
  });
});

describe('an accept that fails', () => {
  it('not enough coins: 422, the offer stays pending with the reason, nothing moved, every hold voided', async () => {
    const [a, b] = [await h.user('seller'), await h.user('broke')];
    const [card] = await h.giveCards(a);
    const created = await offer(a, b, { cards: [card!.id], requestedCoins: 1000 });
    const firstKey = key();
    expect(await failure(accept(b, created.id, firstKey))).toMatchObject({
      code: status.FAILED_PRECONDITION,
      details: 'Not enough coins',
    });
    expect(await h.offerStatus(created.id)).toEqual({ status: 'pending', status_reason: 'Not enough coins' });
    expect(await h.ownerOf(card!.id)).toBe(a);
    expect(await h.holdKeyOf(card!.id)).toBeNull();
    const holds = (await h.cards.database.db('card_holds').where('reference', `trade:${created.id}:1`)) as {
      status: string;
    }[];
    expect(holds.map((x) => x.status)).toEqual(['voided']);
    expect(await h.balance(a)).toEqual({ coins: 0, held: 0 });
    expect(await h.balance(b)).toEqual({ coins: 0, held: 0 });
    expect((await h.client.ListIncomingOffers({ userId: b, status: '' })).offers[0]).toMatchObject({
      status: 'pending',
      statusReason: 'Not enough coins',
    });

    // A retry with the same key answers the first outcome; a new attempt with coins succeeds.
    expect(await failure(accept(b, created.id, firstKey))).toMatchObject({ details: 'Not enough coins' });
    await h.grant(b, 1000);
    expect((await accept(b, created.id)).offer).toMatchObject({ status: 'accepted', statusReason: '' });
    expect(await h.ownerOf(card!.id)).toBe(b);
    expect(await h.balance(a)).toEqual({ coins: 975, held: 0 });
    await h.audit();
  });

  it('the sender spent the offered coins meanwhile: 422 with that reason, the card hold released', async () => {
    const [a, b] = [await h.user('spender'), await h.user('waiting')];
    const [card] = await h.giveCards(a);
    await h.grant(a, 500);
    const created = await offer(a, b, { cards: [card!.id], coins: 500 });
    await h.peers.wallet.Transfer({
      idempotencyKey: key(),
      fromAccount: `user:${a}`,
      toAccount: 'platform:market',
      amount: 300,
      fee: 0,
      reason: 'pack',
      reference: 'test',
    });
    expect(await failure(accept(b, created.id))).toMatchObject({
      code: status.FAILED_PRECONDITION,
      details: 'The sender no longer has enough coins for this trade',
    });
    expect(await h.holdKeyOf(card!.id)).toBeNull();
    expect(await h.ownerOf(card!.id)).toBe(a);
    expect(await h.balance(a)).toEqual({ coins: 200, held: 0 });
    expect(await h.offerStatus(created.id)).toMatchObject({ status: 'pending' });
    await h.audit();
  });
});

describe('offers that end by themselves', () => {
  it('expire after 7 days: gone from lists and the count at once, refused, and marked by the job', async () => {
    const [a, b] = [await h.user('patient'), await h.user('absent')];
    const [one, two] = await h.giveCards(a, 2);
    const first = await offer(a, b, { cards: [one!.id] });
    const second = await offer(a, b, { cards: [two!.id] });
    const later = fixedClock(new Date(Date.now() + 7 * 24 * 60 * 60 * 1000 + 1000));
    const deps = h.deps({ clock: later });

    expect((await listOffers(deps, { userId: b, status: '' }, 'incoming')).offers).toEqual([]);
    expect(await countIncomingPending(deps, b)).toEqual({ count: 0 });
    const expired = (await listOffers(deps, { userId: b, status: 'expired' }, 'incoming')).offers;
    expect(expired.map((o) => [o.id, o.status]).sort()).toEqual(
      [
        [first.id, 'expired'],
        [second.id, 'expired'],
      ].sort(),
    );
    await expect(
      acceptOffer(deps, { userId: b, offerId: first.id, idempotencyKey: key() }),
    ).rejects.toMatchObject({
      code: 'conflict',
      message: 'This offer has expired',
    });
    expect(await h.offerStatus(first.id)).toMatchObject({ status: 'expired' });

    expect(await expireOffers(deps)).toBeGreaterThanOrEqual(1);
    expect(await h.offerStatus(second.id)).toMatchObject({
      status: 'expired',
      status_reason: 'The offer expired',
    });
    expect(await h.events('trading.offer.voided', String(second.id))).toMatchObject([{ reason: 'expired' }]);
    expect(await h.ownerOf(one!.id)).toBe(a);
  });

  it('listing the card voids the offer (cards.listing.created); the sale then moves the card elsewhere', async () => {
    const [a, b, c] = [await h.user('lister'), await h.user('jilted'), await h.user('buyer')];
    const [card] = await h.giveCards(a);
    const created = await offer(a, b, { cards: [card!.id] });
    await h.peers.cards.SellCard({ userId: a, cardId: card!.id, price: card!.price, idempotencyKey: key() });
    await eventually(async () =>
      expect(await h.offerStatus(created.id)).toEqual({
        status: 'voided',
        status_reason: 'A card in this offer was listed for sale',
      }),
    );
    expect(await h.events('trading.offer.voided', String(created.id))).toMatchObject([
      { reason: 'card_listed' },
    ]);
    expect(await failure(accept(b, created.id))).toMatchObject({ code: status.ALREADY_EXISTS });

    await h.grant(c, card!.price);
    await h.peers.cards.BuyCard({ userId: c, cardId: card!.id, idempotencyKey: key(), expectedPrice: 0 });
    expect(await h.ownerOf(card!.id)).toBe(c);
    // The sale is recorded in the history projection, and the offer stays voided.
    await eventually(async () => {
      const { records } = await h.client.ListTradeHistory({ userId: c, mineOnly: true });
      expect(records.map((r) => r.cardId)).toContain(card!.id);
    });
    expect(await h.offerStatus(created.id)).toMatchObject({ status: 'voided' });
  });

  it('a fetched batch: listings void the offers on every listed card, sales become history once, in order', async () => {
    const [a, b] = [await h.user('batchseller'), await h.user('batchhoping')];
    const cards = await h.giveCards(a, 2);
    const offers = [
      await offer(a, b, { cards: [cards[0]!.id] }),
      await offer(a, b, { cards: [cards[1]!.id] }),
      // Holds both listed cards: voided once, with one event.
      await offer(a, b, { cards: [cards[0]!.id, cards[1]!.id] }),
    ];
    const listed = cards.map((card, i) =>
      eventMessage('cards.listing.created', '1', {
        listingId: 9000 + i,
        cardId: card.id,
        userId: a,
        playerId: card.playerId,
        price: card.price,
        currentPrice: card.price,
        listedAt: new Date().toISOString(),
      }),
    );
    const saleIds = [randomUUID(), randomUUID(), randomUUID()];
    const sold = saleIds.map((saleId, i) =>
      eventMessage('market.sale.completed', '1', {
        saleId,
        cardId: cards[0]!.id,
        playerId: cards[0]!.playerId,
        playerName: 'A Player',
        rarity: 'Common',
        sellerUserId: 0,
        buyerUserId: b,
        price: 100 + i,
        completedAt: new Date().toISOString(),
      }),
    );
    await h.bus.deliverAsOneFetch('trading', [...listed, ...sold]);
    await h.bus.deliverAsOneFetch('trading', sold); // delivered again: nothing more
    for (const { id } of offers)
      expect(await h.offerStatus(id)).toEqual({
        status: 'voided',
        status_reason: 'A card in this offer was listed for sale',
      });
    expect(await h.events('trading.offer.voided', String(offers[2]!.id))).toHaveLength(1);
    const history = await h.trading.database.db('trade_history').whereIn('reference', saleIds).orderBy('id');
    expect(
      history.map((r: { reference: string; sale_price: number }) => [r.reference, r.sale_price]),
    ).toEqual(saleIds.map((id, i) => [id, 100 + i]));
  });

  it('a fetched batch moving a card away and back ends its wish as the two moves one at a time would', async () => {
    const [a, b] = [await h.user('roundtrip'), await h.user('briefowner')];
    const [card] = await h.giveCards(a);
    const { wish } = await h.client.CreateWish(wishRequest(a, card!.id));
    const moved = (from: number, to: number) =>
      eventMessage('cards.card.transferred', '1', {
        cardId: card!.id,
        playerId: card!.playerId,
        fromUserId: from,
        toUserId: to,
        currentPrice: card!.price,
        reason: 'admin',
        reference: randomUUID(),
        transferredAt: new Date().toISOString(),
      });
    // a → b ends a's wish; b → a brings the card back, not the wish (only the last move would keep it).
    await h.bus.deliverAsOneFetch('trading', [moved(a, b), moved(b, a)]);
    expect(await h.trading.database.db('trade_wishes').where({ id: wish!.id }).first('status')).toEqual({
      status: 'voided',
    });
  });

  it('a card moved elsewhere (cards.card.transferred) voids the offers that count on its old owner', async () => {
    const [a, b] = [await h.user('shopper'), await h.user('hoping')];
    const [mine] = await h.giveCards(a);
    const [theirs] = await h.giveCards(b);
    const asking = await offer(a, b, { cards: [mine!.id], requested: [theirs!.id] });
    const { wish } = await h.client.CreateWish(wishRequest(b, theirs!.id));
    const wishRow = () =>
      h.trading.database.db('trade_wishes').where({ id: wish!.id }).first('status', 'status_reason');
    const transferred = (cardId: number, from: number, to: number) =>
      publish('cards.card.transferred', String(cardId), {
        cardId,
        playerId: 1,
        fromUserId: from,
        toUserId: to,
        currentPrice: 100,
        reason: 'transfer_to_shop',
        reference: randomUUID(),
        transferredAt: new Date().toISOString(),
      });
    // A late event of the card arriving at its owner changes nothing.
    await transferred(theirs!.id, 0, b);
    expect(await h.offerStatus(asking.id)).toMatchObject({ status: 'pending' });
    expect(await wishRow()).toMatchObject({ status: 'open' });
    // The requested card leaves the recipient: the offer is void, and so is the wish on it.
    await transferred(theirs!.id, b, 0);
    expect(await h.offerStatus(asking.id)).toEqual({
      status: 'voided',
      status_reason: 'A card in this offer changed owner',
    });
    expect(await wishRow()).toEqual({ status: 'voided', status_reason: 'The card changed owner' });
  });

  it("a card leaving the market's supply costs trading no transaction", async () => {
    const buyer = await h.user('marketbuyer');
    const inboxRows = async () =>
      Number((await h.trading.database.db('inbox').where({ consumer: 'trading' }).count({ n: '*' }))[0]!.n);
    const before = await inboxRows();
    const move = (from: number) =>
      publish('cards.card.transferred', '77', {
        cardId: 77,
        playerId: 1,
        fromUserId: from,
        toUserId: buyer,
        currentPrice: 100,
        reason: 'sale',
        reference: randomUUID(),
        transferredAt: new Date().toISOString(),
      });
    await move(0);
    expect(await inboxRows()).toBe(before);
    // From a player it is handled (and recorded) as before.
    await move(buyer + 1);
    expect(await inboxRows()).toBe(before + 1);
  });

  it('a card burned for a squad challenge (cards.card.burned) voids its offers and wishes', async () => {
    const [a, b] = [await h.user('burner'), await h.user('wisher')];
    const [mine] = await h.giveCards(a);
    const pending = await offer(a, b, { cards: [mine!.id] });
    const { wish } = await h.client.CreateWish(wishRequest(a, mine!.id));
    await publish('cards.card.burned', String(mine!.id), {
      cardId: mine!.id,
      playerId: 1,
      userId: a,
      challengeId: 3,
      submissionId: 9,
      currentPrice: 100,
      burnedAt: new Date().toISOString(),
    });
    expect(await h.offerStatus(pending.id)).toEqual({
      status: 'voided',
      status_reason: 'A card in this offer changed owner',
    });
    expect(
      await h.trading.database.db('trade_wishes').where({ id: wish!.id }).first('status', 'status_reason'),
    ).toEqual({ status: 'voided', status_reason: 'The card changed owner' });
  });

  it("a banned user's offers are voided both ways", async () => {
    const [a, b, c] = [await h.user('rogue'), await h.user('victim'), await h.user('other')];
    const [ca] = await h.giveCards(a);
    const [cc] = await h.giveCards(c);
    const outgoing = await offer(a, b, { cards: [ca!.id] });
    const incoming = await offer(c, a, { cards: [cc!.id] });
    await publish('identity.user.banned', String(a), {
      userId: a,
      banned: true,
      actorUserId: 1,
      changedAt: new Date().toISOString(),
    });
    for (const id of [outgoing.id, incoming.id])
      expect(await h.offerStatus(id)).toEqual({
        status: 'voided',
        status_reason: 'A user in this offer is no longer active',
      });
  });
});
