import { status } from '@grpc/grpc-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unavailable as peerUnavailable, type Clock } from '@touchline/kit';
import { acceptOffer } from '../src/use-cases/accept-offer';
import { sweepStuckSagas } from '../src/use-cases/sweeper';
import type { WalletClient, CardsClient } from '../src/peers';
import { eventually, failure, key, startTrading, warm, type TradingHarness } from './support';

let h: TradingHarness;

beforeAll(async () => {
  h = await startTrading();
});
afterAll(async () => {
  await h?.stop();
});

/** Each round starts the competing call a little later, so both orders of arrival get exercised. */
const LAGS_MS = [0, 10, 25, 50, 100, 200];
const after = <T>(ms: number, call: () => Promise<T>) =>
  new Promise<void>((resolve) => setTimeout(resolve, ms)).then(call);

/** Real parallelism on Postgres: open connections before the racing calls need them. */
async function warmAll() {
  await Promise.all([warm(h.trading.database.db), warm(h.cards.database.db), warm(h.wallet.database.db)]);
}

async function newOffer(coins = 0, requestedCoins = 0) {
  const [a, b] = [await h.user('racer-a'), await h.user('racer-b')];
  const [card] = await h.giveCards(a);
  if (coins > 0) await h.grant(a, coins);
  const { offer } = await h.client.CreateOffer({
    userId: a,
    toUserId: b,
    offeredCardIds: [card!.id],
    offeredCoins: coins,
    requestedCardIds: [],
    requestedCoins,
    note: '',
    idempotencyKey: key(),
  });
  return { a, b, card: card!, offer: offer! };
}

/** What a peer client answers for a peer that went away (kit peers.ts): a DomainError, no gRPC status. */
const unavailable = () => peerUnavailable();

/** Every hold row of an offer's accept attempts, in cards-market and in the wallet. */
async function holdsOf(offerId: number) {
  const cardHolds = (await h.cards.database
    .db('card_holds')
    .whereLike('hold_key', `trade:${offerId}:%`)
    .select('hold_key', 'status')) as { hold_key: string; status: string }[];
  const coinHolds = (await h.wallet.database
    .db('holds')
    .whereLike('hold_key', `trade:${offerId}:%`)
    .select('hold_key', 'status')) as { hold_key: string; status: string }[];
  return { cardHolds, coinHolds };
}

/**
 * The sweeper's clock a second ahead: a saga is stuck once untouched for SAGA_STUCK_AFTER_MS (1 ms
 * here), and on a fast machine the last move and the sweep can fall within the same millisecond.
 */
const aSecondLater: Clock = { now: () => new Date(Date.now() + 1_000) };

describe('races on one offer: exactly one outcome', () => {
  it('accept racing cancel', async () => {
    await warmAll();
    for (const lag of LAGS_MS) {
      const { a, b, card, offer } = await newOffer(1000);
      const [accepted, cancelled] = await Promise.allSettled([
        h.client.AcceptOffer({ userId: b, offerId: offer.id, idempotencyKey: key() }),
        after(lag, () => h.client.CancelOffer({ userId: a, offerId: offer.id, idempotencyKey: key() })),
      ]);
      expect([accepted.status, cancelled.status].filter((s) => s === 'fulfilled')).toHaveLength(1);
      const loser = (
        accepted.status === 'rejected' ? accepted.reason : (cancelled as PromiseRejectedResult).reason
      ) as {
        code: number;
      };
      expect(loser.code).toBe(status.ALREADY_EXISTS);
      const final = await h.offerStatus(offer.id);
      if (accepted.status === 'fulfilled') {
        expect(final.status).toBe('accepted');
        expect(await h.ownerOf(card.id)).toBe(b);
        expect(await h.balance(b)).toEqual({ coins: 975, held: 0 });
        expect(await h.balance(a)).toEqual({ coins: 0, held: 0 });
      } else {
        expect(final.status).toBe('cancelled');
        expect(await h.ownerOf(card.id)).toBe(a);
        expect(await h.balance(a)).toEqual({ coins: 1000, held: 0 });
        expect(await h.balance(b)).toEqual({ coins: 0, held: 0 });
      }
      expect(await h.holdKeyOf(card.id)).toBeNull();
    }
    await h.audit();
  });

  it('two accepts with different keys: one accepted, one refused, each hold taken and committed once', async () => {
    await warmAll();
    for (const lag of LAGS_MS.slice(0, 3)) {
      const { a, b, card, offer } = await newOffer(1000);
      const results = await Promise.allSettled([
        h.client.AcceptOffer({ userId: b, offerId: offer.id, idempotencyKey: key() }),
        after(lag, () => h.client.AcceptOffer({ userId: b, offerId: offer.id, idempotencyKey: key() })),
      ]);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
      expect((refused.reason as { code: number }).code).toBe(status.ALREADY_EXISTS);
      expect(await h.offerStatus(offer.id)).toMatchObject({ status: 'accepted' });
      const { cardHolds, coinHolds } = await holdsOf(offer.id);
      expect(cardHolds).toEqual([{ hold_key: `trade:${offer.id}:1:cards:sender`, status: 'committed' }]);
      expect(coinHolds).toEqual([{ hold_key: `trade:${offer.id}:1:coins:sender`, status: 'committed' }]);
      expect(await h.ownerOf(card.id)).toBe(b);
      expect(await h.balance(b)).toEqual({ coins: 975, held: 0 });
      expect(await h.balance(a)).toEqual({ coins: 0, held: 0 });
      expect(await h.events('trading.trade.accepted', String(offer.id))).toHaveLength(1);
    }
    await h.audit();
  });

  it('the same accept sent twice at once (a retry): one trade, both answered with it', async () => {
    await warmAll();
    const { b, offer } = await newOffer(100);
    const idempotencyKey = key();
    const results = await Promise.all([
      h.client.AcceptOffer({ userId: b, offerId: offer.id, idempotencyKey }),
      h.client.AcceptOffer({ userId: b, offerId: offer.id, idempotencyKey }),
    ]);
    expect(results.map((r) => r.offer!.status)).toEqual(['accepted', 'accepted']);
    expect(await h.balance(b)).toEqual({ coins: 97, held: 0 });
    expect((await holdsOf(offer.id)).coinHolds).toHaveLength(1);
  });

  it('accept racing a market listing of the same card: the trade or the listing, never both', async () => {
    await warmAll();
    for (const lag of LAGS_MS) {
      const { a, b, card, offer } = await newOffer(500);
      const [accepted, listed] = await Promise.allSettled([
        h.client.AcceptOffer({ userId: b, offerId: offer.id, idempotencyKey: key() }),
        after(lag, () =>
          h.peers.cards.SellCard({ userId: a, cardId: card.id, price: card.price, idempotencyKey: key() }),
        ),
      ]);
      expect([accepted.status, listed.status].filter((s) => s === 'fulfilled')).toHaveLength(1);
      if (accepted.status === 'fulfilled') {
        expect(await h.ownerOf(card.id)).toBe(b);
        expect(await h.balance(b)).toEqual({ coins: 487, held: 0 });
        expect(await h.offerStatus(offer.id)).toMatchObject({ status: 'accepted' });
      } else {
        // The listing won: the accept failed on the card (or found the offer already voided).
        expect([status.FAILED_PRECONDITION, status.ALREADY_EXISTS]).toContain(
          (accepted.reason as { code: number }).code,
        );
        expect(await h.ownerOf(card.id)).toBe(a);
        expect(await h.balance(a)).toEqual({ coins: 500, held: 0 });
        expect(await h.balance(b)).toEqual({ coins: 0, held: 0 });
        const { cardHolds, coinHolds } = await holdsOf(offer.id);
        expect(cardHolds.every((x) => x.status === 'voided')).toBe(true);
        expect(coinHolds.every((x) => x.status === 'voided')).toBe(true);
        await eventually(async () =>
          expect(await h.offerStatus(offer.id)).toMatchObject({ status: 'voided' }),
        );
      }
      expect(await h.holdKeyOf(card.id)).toBeNull();
    }
    await h.audit();
  });

  it('accept on a card the market is settling: refused with the card unavailable, nothing moved', async () => {
    // The listing event is not consumed in time here: trading hears of it only after the accept.
    const { a, b, card, offer } = await newOffer(300);
    await h.cards.database.db('cards').where({ id: card.id }).update({ hold_key: 'someone-else' });
    expect(
      await failure(h.client.AcceptOffer({ userId: b, offerId: offer.id, idempotencyKey: key() })),
    ).toMatchObject({
      code: status.FAILED_PRECONDITION,
      details: 'A card in this trade is no longer available',
    });
    expect(await h.offerStatus(offer.id)).toEqual({
      status: 'pending',
      status_reason: 'A card in this trade is no longer available',
    });
    expect(await h.balance(a)).toEqual({ coins: 300, held: 0 });
    expect(await h.holdKeyOf(card.id)).toBe('someone-else');
    await h.cards.database.db('cards').where({ id: card.id }).update({ hold_key: null });
  });
});

describe('crashes and lost answers: the sweeper finishes what was started', () => {
  it('a commit that fails after the card moved: the trade is decided, the sweeper completes it', async () => {
    const { a, b, card, offer } = await newOffer(1000);
    const flaky: WalletClient = { ...h.peers.wallet, CommitHold: () => Promise.reject(unavailable()) };
    await expect(
      acceptOffer(h.deps({ wallet: flaky }), { userId: b, offerId: offer.id, idempotencyKey: key() }),
    ).rejects.toMatchObject({
      // Decided, not failed: pending (HTTP 202), and the key asked again later tells the end.
      code: 'pending',
      message: 'This trade is being completed. Please check back in a moment.',
    });
    // Half-way: the card moved, the coins are still held, the offer is owned by its saga.
    expect(await h.ownerOf(card.id)).toBe(b);
    expect(await h.balance(a)).toEqual({ coins: 0, held: 1000 });
    expect(await h.offerStatus(offer.id)).toMatchObject({ status: 'accepting' });
    expect((await h.client.ListIncomingOffers({ userId: b, status: '' })).offers[0]).toMatchObject({
      id: offer.id,
      status: 'pending',
    });
    expect(
      await failure(h.client.CancelOffer({ userId: a, offerId: offer.id, idempotencyKey: key() })),
    ).toMatchObject({ code: status.ALREADY_EXISTS, details: 'This offer is being accepted right now' });

    expect(await sweepStuckSagas(h.deps({ clock: aSecondLater }))).toBeGreaterThanOrEqual(1);
    expect(await h.offerStatus(offer.id)).toMatchObject({ status: 'accepted' });
    expect(await h.balance(a)).toEqual({ coins: 0, held: 0 });
    expect(await h.balance(b)).toEqual({ coins: 975, held: 0 });
    expect(await h.events('trading.trade.accepted', String(offer.id))).toHaveLength(1);
    expect(await sweepStuckSagas(h.deps())).toBe(0);
    await h.audit();
  });

  it('a hold whose answer was lost is voided with the rest: no coins stay reserved', async () => {
    const { a, b, card, offer } = await newOffer(400);
    // The wallet takes the hold, then the answer never arrives.
    const lossy: WalletClient = {
      ...h.peers.wallet,
      Hold: async (request) => {
        await h.peers.wallet.Hold(request);
        throw unavailable();
      },
    };
    await expect(
      acceptOffer(h.deps({ wallet: lossy }), { userId: b, offerId: offer.id, idempotencyKey: key() }),
    ).rejects.toMatchObject({
      code: 'business_rule',
      message: 'A service is temporarily unavailable. Please try again.',
    });
    expect(await h.balance(a)).toEqual({ coins: 400, held: 0 });
    expect(await h.ownerOf(card.id)).toBe(a);
    expect(await h.holdKeyOf(card.id)).toBeNull();
    expect(await h.offerStatus(offer.id)).toMatchObject({ status: 'pending' });
    // A late commit of the voided hold is refused: the tombstone stands.
    await expect(
      h.peers.wallet.CommitHold({ holdKey: `trade:${offer.id}:1:coins:sender` }),
    ).rejects.toMatchObject({
      code: 'conflict',
    });
    await h.audit();
  });

  it('releasing fails after a refusal: the offer stays taken until the sweeper releases it', async () => {
    const { a, b, card, offer } = await newOffer(0, 50);
    await h.grant(b, 1); // not the 50 coins the offer asks for
    const stuck: CardsClient = { ...h.peers.cards, VoidCardHold: () => Promise.reject(unavailable()) };
    await expect(
      acceptOffer(h.deps({ cards: stuck }), { userId: b, offerId: offer.id, idempotencyKey: key() }),
    ).rejects.toMatchObject({ message: 'Not enough coins' });
    expect(await h.holdKeyOf(card.id)).toMatch(/^trade:/);
    expect(await h.offerStatus(offer.id)).toMatchObject({ status: 'accepting' });

    expect(await sweepStuckSagas(h.deps({ clock: aSecondLater }))).toBeGreaterThanOrEqual(1);
    expect(await h.holdKeyOf(card.id)).toBeNull();
    expect(await h.offerStatus(offer.id)).toEqual({ status: 'pending', status_reason: 'Not enough coins' });
    expect(await h.ownerOf(card.id)).toBe(a);
    expect(await h.balance(b)).toEqual({ coins: 1, held: 0 });
  });

  it('an accept abandoned while holding is released by the sweeper, and can be accepted again', async () => {
    const { a, b, card, offer } = await newOffer(200);
    // A driver that dies after the card hold: the coin hold call never returns to it.
    const dying: WalletClient = { ...h.peers.wallet, Hold: () => new Promise(() => {}) };
    void acceptOffer(h.deps({ wallet: dying }), {
      userId: b,
      offerId: offer.id,
      idempotencyKey: key(),
    }).catch(() => {});
    await eventually(async () => expect(await h.holdKeyOf(card.id)).toMatch(/^trade:/));
    expect(await sweepStuckSagas(h.deps({ clock: aSecondLater }))).toBeGreaterThanOrEqual(1);
    expect(await h.holdKeyOf(card.id)).toBeNull();
    expect(await h.offerStatus(offer.id)).toEqual({
      status: 'pending',
      status_reason: 'The trade could not be completed in time. Please try again.',
    });
    expect(
      (await h.client.AcceptOffer({ userId: b, offerId: offer.id, idempotencyKey: key() })).offer,
    ).toMatchObject({
      status: 'accepted',
    });
    expect(await h.ownerOf(card.id)).toBe(b);
    expect(await h.balance(a)).toEqual({ coins: 0, held: 0 });
    expect(await h.balance(b)).toEqual({ coins: 195, held: 0 });
    await h.audit();
  });
});
