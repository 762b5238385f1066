import { status } from '@grpc/grpc-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, key, startTrading, warm, type TradingHarness } from './support';

// docs/design.md#7-decisions-on-the-specs-open-points: an offer may ask for the recipient's cards ('Ask for'). The accept saga holds
// the requested cards as it holds the offered ones: each card changes owner exactly once, whatever
// races it.

let h: TradingHarness;

beforeAll(async () => {
  h = await startTrading();
});
afterAll(async () => {
  await h?.stop();
});

const LAGS_MS = [0, 10, 50, 150];
/** Four rounds of a saga race each: room for a loaded machine (a limit, not a timed assertion). */
const ROUNDS_TIMEOUT_MS = 120_000;
const after = <T>(ms: number, call: () => Promise<T>) =>
  new Promise<void>((resolve) => setTimeout(resolve, ms)).then(call);

async function warmAll() {
  await Promise.all([warm(h.trading.database.db), warm(h.cards.database.db), warm(h.wallet.database.db)]);
}

/** `from` offers its own card (and coins) for `to`'s card `wanted`. */
async function askFor(from: number, to: number, wanted: number, coins = 0) {
  const [mine] = await h.giveCards(from);
  if (coins > 0) await h.grant(from, coins);
  const { offer } = await h.client.CreateOffer({
    userId: from,
    toUserId: to,
    offeredCardIds: [mine!.id],
    offeredCoins: coins,
    requestedCardIds: [wanted],
    requestedCoins: 0,
    note: '',
    idempotencyKey: key(),
  });
  return { mine: mine!, offer: offer! };
}

describe("asking for the recipient's cards", () => {
  it(
    'two senders ask for the same card and both offers are accepted at once: it changes owner once',
    async () => {
      await warmAll();
      for (const lag of LAGS_MS) {
        const [owner, first, second] = [
          await h.user('asked'),
          await h.user('asker-1'),
          await h.user('asker-2'),
        ];
        const [wanted] = await h.giveCards(owner);
        const one = await askFor(first, owner, wanted!.id, 200);
        const two = await askFor(second, owner, wanted!.id, 200);
        expect(one.offer.requestedCardIds).toEqual([wanted!.id]);

        const results = await Promise.allSettled([
          h.client.AcceptOffer({ userId: owner, offerId: one.offer.id, idempotencyKey: key() }),
          after(lag, () =>
            h.client.AcceptOffer({ userId: owner, offerId: two.offer.id, idempotencyKey: key() }),
          ),
        ]);
        expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
        const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
        expect([status.FAILED_PRECONDITION, status.ALREADY_EXISTS]).toContain(
          (refused.reason as { code: number }).code,
        );
        const [winner, loser] = results[0]!.status === 'fulfilled' ? [one, two] : [two, one];
        const [winnerId, loserId] = winner === one ? [first, second] : [second, first];

        // The asked-for card went to the winning sender only; the winner's card and coins to its owner.
        expect(await h.ownerOf(wanted!.id)).toBe(winnerId);
        expect(await h.ownerOf(winner.mine.id)).toBe(owner);
        expect(await h.ownerOf(loser.mine.id)).toBe(loserId);
        expect(await h.balance(owner)).toEqual({ coins: 195, held: 0 });
        expect(await h.balance(winnerId)).toEqual({ coins: 0, held: 0 });
        expect(await h.balance(loserId)).toEqual({ coins: 200, held: 0 });
        for (const cardId of [wanted!.id, winner.mine.id, loser.mine.id])
          expect(await h.holdKeyOf(cardId)).toBeNull();
        expect(await h.offerStatus(winner.offer.id)).toMatchObject({ status: 'accepted' });
        // The other offer counted on a card its owner no longer has: it ends by itself.
        await eventually(async () =>
          expect(await h.offerStatus(loser.offer.id)).toMatchObject({ status: 'voided' }),
        );
        expect(await h.events('trading.trade.accepted', String(winner.offer.id))).toHaveLength(1);
        expect(await h.events('trading.trade.accepted', String(loser.offer.id))).toHaveLength(0);
      }
      await h.audit();
    },
    ROUNDS_TIMEOUT_MS,
  );

  it(
    "accepting an offer for one's card while listing that card on the market: the trade or the listing",
    async () => {
      await warmAll();
      for (const lag of LAGS_MS) {
        const [owner, asker] = [await h.user('lister'), await h.user('wanter')];
        const [wanted] = await h.giveCards(owner);
        const { mine, offer } = await askFor(asker, owner, wanted!.id, 400);
        const [accepted, listed] = await Promise.allSettled([
          h.client.AcceptOffer({ userId: owner, offerId: offer.id, idempotencyKey: key() }),
          after(lag, () =>
            h.peers.cards.SellCard({
              userId: owner,
              cardId: wanted!.id,
              price: wanted!.price,
              expectedFeePercent: 0,
              idempotencyKey: key(),
            }),
          ),
        ]);
        expect([accepted.status, listed.status].filter((s) => s === 'fulfilled')).toHaveLength(1);
        if (accepted.status === 'fulfilled') {
          expect(await h.ownerOf(wanted!.id)).toBe(asker);
          expect(await h.ownerOf(mine.id)).toBe(owner);
          expect(await h.balance(owner)).toEqual({ coins: 390, held: 0 });
        } else {
          expect(await h.ownerOf(wanted!.id)).toBe(owner);
          expect(await h.ownerOf(mine.id)).toBe(asker);
          expect(await h.balance(asker)).toEqual({ coins: 400, held: 0 });
          await eventually(async () =>
            expect(await h.offerStatus(offer.id)).toMatchObject({ status: 'voided' }),
          );
        }
        expect(await h.holdKeyOf(wanted!.id)).toBeNull();
      }
      await h.audit();
    },
    ROUNDS_TIMEOUT_MS,
  );

  it('a requested card the recipient does not own, or that is listed, cannot be asked for', async () => {
    const [owner, asker, stranger] = [await h.user('own'), await h.user('ask'), await h.user('strange')];
    const [theirs] = await h.giveCards(stranger);
    const [mine] = await h.giveCards(asker);
    const create = (requested: number) =>
      h.client.CreateOffer({
        userId: asker,
        toUserId: owner,
        offeredCardIds: [mine!.id],
        offeredCoins: 0,
        requestedCardIds: [requested],
        requestedCoins: 0,
        note: '',
        idempotencyKey: key(),
      });
    await expect(create(theirs!.id)).rejects.toMatchObject({ code: status.FAILED_PRECONDITION });
    const [listed] = await h.giveCards(owner);
    await h.peers.cards.SellCard({
      userId: owner,
      cardId: listed!.id,
      price: listed!.price,
      expectedFeePercent: 0,
      idempotencyKey: key(),
    });
    await expect(create(listed!.id)).rejects.toMatchObject({ code: status.FAILED_PRECONDITION });
  });
});
