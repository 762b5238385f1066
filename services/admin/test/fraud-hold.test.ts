import { status } from '@grpc/grpc-js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { UNDER_REVIEW } from '@touchline/rules';
import { eventually, key, startAdmin, type AdminHarness } from './support';

// Six real services on one machine shared with other work: slow to start, not to be timed.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 300_000 });

/**
 * Security review, issue 40 (B): a farming ring is stopped, not only flagged. New accounts feed one
 * account through coin offers; its high-severity flag holds its outgoing coins and cash-outs in the
 * wallet until an admin clears the hold, which the audit log records.
 */

let h: AdminHarness;
let admin: number;

beforeAll(async () => {
  h = await startAdmin();
  admin = await h.adminUser();
});
afterAll(() => h?.stop());

const refused = expect.objectContaining({ code: status.PERMISSION_DENIED, details: UNDER_REVIEW });
/** The same refusal as the gateway's peer clients see it (HTTP 403 {message}). */
const refusedToPeer = expect.objectContaining({ code: 'forbidden', message: UNDER_REVIEW });

describe('review hold of a farming ring', () => {
  let collector: { id: number };
  let friend: { id: number };

  /** The collector's coin offer of `coins` to the friend, for one of the friend's cards. */
  const coinOffer = async (coins: number, idempotencyKey = key()) =>
    h.tradingClient.CreateOffer({
      userId: collector.id,
      toUserId: friend.id,
      offeredCardIds: [],
      offeredCoins: coins,
      requestedCardIds: [(await h.cardsOf(friend.id))[1]!.id],
      requestedCoins: 0,
      note: '',
      idempotencyKey,
    });
  const cashout = (idempotencyKey = key()) =>
    h.peers.wallet.RequestCashout({
      userId: collector.id,
      coinsAmount: 13_000,
      paypalEmail: 'collector@paypal.example',
      idempotencyKey,
    });
  const balance = async () => (await h.peers.wallet.GetBalance({ userId: collector.id })).coins;
  const holdOf = async (userId: number) =>
    (await h.peers.wallet.GetReviewHolds({ userIds: [userId] })).holds[0]!;

  beforeAll(async () => {
    collector = await h.player('collector');
    friend = await h.player('friend');
    // Real purchases, so that a cash-out is allowed once the hold is cleared.
    for (let i = 0; i < 3; i++) await h.buy(collector.id);
    const throwaways = await Promise.all([1, 2, 3].map((i) => h.player(`farm${i}`)));
    await h.farmInto(collector.id, throwaways);
  });

  it('holds the ring receiver: its coin offer, a trade asking it for coins and its cash-out are refused, changing nothing', async () => {
    await eventually(async () => expect(await holdOf(collector.id)).toMatchObject({ held: true }));
    const before = await balance();
    const offersBefore = await h.trading.database.db('trade_offers').where({ from_user_id: collector.id });

    await expect(coinOffer(1_000)).rejects.toEqual(refused);
    await expect(cashout()).rejects.toEqual(refusedToPeer);

    // Coins asked of it in a trade: accepting is refused with the same words; the offer stays pending.
    const [friendCard] = await h.cardsOf(friend.id);
    const { offer: asking } = await h.tradingClient.CreateOffer({
      userId: friend.id,
      toUserId: collector.id,
      offeredCardIds: [friendCard!.id],
      offeredCoins: 0,
      requestedCardIds: [],
      requestedCoins: 500,
      note: '',
      idempotencyKey: key(),
    });
    await expect(
      h.tradingClient.AcceptOffer({ userId: collector.id, offerId: asking!.id, idempotencyKey: key() }),
    ).rejects.toEqual(refused);

    // Buying another player's listing sends them coins too: refused, and the listing is for sale again.
    const listed = (await h.cardsOf(friend.id))[2]!;
    await h.peers.cards.SellCard({
      userId: friend.id,
      cardId: listed.id,
      price: listed.player!.currentPrice,
      idempotencyKey: key(),
      expectedFeePercent: 0,
    });
    await expect(
      h.peers.cards.BuyCard({
        userId: collector.id,
        cardId: listed.id,
        idempotencyKey: key(),
        expectedPrice: 0,
      }),
    ).rejects.toEqual(refusedToPeer);
    expect((await h.cardsOf(friend.id)).find((c) => c.id === listed.id)).toMatchObject({ forSale: true });

    expect(await balance()).toBe(before);
    expect(await h.trading.database.db('trade_offers').where({ from_user_id: collector.id })).toHaveLength(
      offersBefore.length,
    );
    expect(await h.wallet.database.db('cashout_requests').where({ user_id: collector.id })).toEqual([]);
    expect(
      (await h.trading.database.db('trade_offers').where({ id: asking!.id }).first()) as { status: string },
    ).toMatchObject({ status: 'pending' });
    // Coins to the platform are not sent to anyone: a feeder's own offers are untouched as well.
    expect(await holdOf(friend.id)).toMatchObject({ held: false, heldAt: '' });
    await h.audit();
  });

  it('the admin sees the hold with its reason on the user, and only an admin can clear it', async () => {
    const report = await h.client.GetUserFlags({ userId: admin, targetUserId: collector.id });
    const ring = report.flags.find((f) => f.code === 'new_account_ring')!;
    expect(report.hold).toMatchObject({
      userId: collector.id,
      held: true,
      reason: ring.message,
      clearedAt: '',
    });
    await expect(
      h.client.ClearFraudHold({ userId: friend.id, targetUserId: collector.id, idempotencyKey: key() }),
    ).rejects.toMatchObject({ code: status.PERMISSION_DENIED });
    expect(await holdOf(collector.id)).toMatchObject({ held: true });
  });

  it('after the admin clears the hold (audit-logged) the coin offer and the cash-out go through', async () => {
    const clearKey = key();
    const cleared = await h.client.ClearFraudHold({
      userId: admin,
      targetUserId: collector.id,
      idempotencyKey: clearKey,
    });
    expect(cleared).toMatchObject({ held: false, clearedBy: admin, clearedAt: expect.any(String) });
    // A retry answers the same, and writes no second audit line.
    await h.client.ClearFraudHold({ userId: admin, targetUserId: collector.id, idempotencyKey: clearKey });
    const lines = (await h.auditRows()).filter(
      (r) => r.action === 'user.clear_fraud_hold' && r.target_id === String(collector.id),
    );
    expect(lines).toEqual([
      {
        action: 'user.clear_fraud_hold',
        outcome: 'ok',
        target_id: String(collector.id),
        actor_user_id: admin,
      },
    ]);

    const before = await balance();
    const { offer } = await coinOffer(1_000);
    expect(offer).toMatchObject({ offeredCoins: 1_000, status: 'pending' });
    const { cashout: request } = await cashout();
    expect(request).toMatchObject({ coinsAmount: 13_000, status: 'pending' });
    expect(await balance()).toBe(before - 13_000);

    // The same flags seen again (another look at the account) do not hold it again.
    await h.peers.wallet.PlaceReviewHold({
      userId: collector.id,
      reason: cleared.reason,
      idempotencyKey: key(),
    });
    expect(await holdOf(collector.id)).toMatchObject({ held: false });
    await h.audit();
  });
});
