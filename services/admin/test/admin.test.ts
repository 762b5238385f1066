import { status } from '@grpc/grpc-js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ADMIN_2_EMAIL, eventually, key, paypalId, startAdmin, type AdminHarness } from './support';

// Six real services on one machine shared with other work: slow to start, not to be timed.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 300_000 });

let h: AdminHarness;
let admin: number;
let admin2: number;

beforeAll(async () => {
  h = await startAdmin();
  admin = await h.adminUser();
  admin2 = await h.adminUser(ADMIN_2_EMAIL);
});
afterAll(() => h?.stop());

describe('authorization: every RPC checks the caller on the server', () => {
  let player: { id: number; sessionId: string };
  let target: { id: number };
  let cashoutId: number;

  beforeAll(async () => {
    player = await h.player('caller');
    target = await h.player('target');
    cashoutId = await h.pendingCashout('rich');
  });

  const calls = (caller: number) => ({
    ListUsers: () => h.client.ListUsers({ userId: caller }),
    SetBanned: () =>
      h.client.SetBanned({ userId: caller, targetUserId: target.id, banned: true, idempotencyKey: key() }),
    SetMuted: () =>
      h.client.SetMuted({ userId: caller, targetUserId: target.id, muted: true, idempotencyKey: key() }),
    ListCashouts: () => h.client.ListCashouts({ userId: caller, status: '' }),
    SetCashoutStatus: () =>
      h.client.SetCashoutStatus({
        userId: caller,
        requestId: cashoutId,
        status: 'rejected',
        idempotencyKey: key(),
      }),
    GetAdminWallet: () => h.client.GetAdminWallet({ userId: caller }),
    ListCollectionCards: () => h.client.ListCollectionCards({ userId: caller }),
    TransferToShop: () =>
      h.client.TransferToShop({
        userId: caller,
        transferAllNonMessi: true,
        cardIds: [],
        idempotencyKey: key(),
      }),
    ListAuditLog: () => h.client.ListAuditLog({ userId: caller, actorUserId: 0, action: '' }),
    GetUserFlags: () => h.client.GetUserFlags({ userId: caller, targetUserId: target.id }),
    ListUserTrades: () => h.client.ListUserTrades({ userId: caller, targetUserId: target.id }),
    ListMatchdays: () => h.client.ListMatchdays({ userId: caller }),
    ImportMatchResults: () =>
      h.client.ImportMatchResults({
        userId: caller,
        matchdayId: 1,
        format: 'csv',
        content: 'player_id,minutes\n1,90\n',
        idempotencyKey: key(),
      }),
  });

  async function unchanged(): Promise<void> {
    const user = await h.peers.identity.GetUser({ userId: target.id });
    expect({ banned: user.banned, muted: user.muted }).toEqual({ banned: false, muted: false });
    expect((await h.peers.wallet.GetCashout({ requestId: cashoutId })).status).toBe('pending');
    expect(await h.cardsOf(player.id)).toHaveLength(3);
    expect(await h.auditRows()).toEqual([]);
  }

  it.each(Object.keys(calls(0)))(
    '%s: anonymous is UNAUTHENTICATED, a player PERMISSION_DENIED, nothing changes',
    async (rpc) => {
      const name = rpc as keyof ReturnType<typeof calls>;
      await expect(calls(0)[name]()).rejects.toMatchObject({ code: status.UNAUTHENTICATED });
      await expect(calls(player.id)[name]()).rejects.toMatchObject({
        code: status.PERMISSION_DENIED,
        details: 'Admins only',
      });
      await expect(calls(987_654)[name]()).rejects.toMatchObject({ code: status.PERMISSION_DENIED });
      await unchanged();
    },
  );

  it('an admin may call every read', async () => {
    const reads = calls(admin);
    await expect(reads.ListUsers()).resolves.toBeDefined();
    await expect(reads.ListCashouts()).resolves.toBeDefined();
    await expect(reads.GetAdminWallet()).resolves.toBeDefined();
    await expect(reads.ListCollectionCards()).resolves.toBeDefined();
    await expect(reads.ListAuditLog()).resolves.toMatchObject({ entries: [] });
    await expect(reads.GetUserFlags()).resolves.toMatchObject({ userId: target.id });
    await expect(reads.ListUserTrades()).resolves.toMatchObject({ records: [] });
    await expect(reads.ListMatchdays()).resolves.toMatchObject({ feed: 'import' });
  });
});

describe('ban and mute', () => {
  it('a ban closes every session, voids open offers and wishes, withdraws listings, and is audited', async () => {
    const bad = await h.player('bad');
    const other = await h.player('other');
    const [own, forSale, wished] = await h.cardsOf(bad.id);
    const offer = await h.tradingClient.CreateOffer({
      userId: bad.id,
      toUserId: other.id,
      offeredCardIds: [own!.id],
      offeredCoins: 0,
      requestedCardIds: [],
      requestedCoins: 100,
      note: '',
      idempotencyKey: key(),
    });
    const wish = await h.tradingClient.CreateWish({
      userId: bad.id,
      cardId: wished!.id,
      desiredRarity: '',
      desiredPosition: '',
      desiredTeamId: 0,
      minimumCoins: 0,
      notes: '',
      idempotencyKey: key(),
    });
    await h.peers.cards.SellCard({
      userId: bad.id,
      cardId: forSale!.id,
      price: forSale!.player!.currentPrice,
      idempotencyKey: key(),
    });

    const { user, revokedSessionIds } = await h.client.SetBanned({
      userId: admin,
      targetUserId: bad.id,
      banned: true,
      idempotencyKey: key(),
    });
    expect(user).toMatchObject({ id: bad.id, banned: true, muted: false });
    expect(revokedSessionIds).toEqual([bad.sessionId]);
    // The peer clients of connectPeers answer a refusal as the owner's DomainError.
    await expect(h.peers.identity.RefreshSession({ sessionId: bad.sessionId })).rejects.toMatchObject({
      code: 'unauthenticated',
    });
    await eventually(async () => {
      const offers = await h.trading.database
        .db('trade_offers')
        .where({ id: offer.offer!.id })
        .first('status');
      expect(offers).toEqual({ status: 'voided' });
      const wishes = await h.trading.database.db('trade_wishes').where({ id: wish.wish!.id }).first('status');
      expect(wishes.status).not.toBe('open');
      const listing = await h.cards.database.db('listings').where({ card_id: forSale!.id }).first('status');
      expect(listing).toEqual({ status: 'withdrawn' });
    });
    const [entry] = (await h.client.ListAuditLog({ userId: admin, actorUserId: admin, action: 'user.ban' }))
      .entries;
    expect(entry).toMatchObject({
      actorUserId: admin,
      targetType: 'user',
      targetId: String(bad.id),
      outcome: 'ok',
    });
    expect(JSON.parse(entry!.beforeJson)).toEqual({ banned: false, muted: false });
    expect(JSON.parse(entry!.afterJson)).toMatchObject({ banned: true, revokedSessions: 1 });
  });

  // Issue 30 item 5: the reason is stored by identity, shown in the list, and audited with the request.
  it('a ban may carry a reason: identity keeps it, the row shows it, the audit records it', async () => {
    const target = await h.player('reasoned');
    const { user } = await h.client.SetBanned({
      userId: admin,
      targetUserId: target.id,
      banned: true,
      idempotencyKey: key(),
      reason: 'Chargeback fraud',
    });
    expect(user).toMatchObject({ banned: true, banReason: 'Chargeback fraud' });
    expect(await h.peers.identity.GetUser({ userId: target.id })).toMatchObject({
      banReason: 'Chargeback fraud',
    });
    const listed = (await h.client.ListUsers({ userId: admin })).users.find((u) => u.id === target.id);
    expect(listed?.banReason).toBe('Chargeback fraud');
    const [entry] = (await h.client.ListAuditLog({ userId: admin, actorUserId: admin, action: 'user.ban' }))
      .entries;
    expect(JSON.parse(entry!.detailsJson)).toMatchObject({ reason: 'Chargeback fraud' });
    // Not an admin: refused before identity hears of it.
    await expect(
      h.client.SetBanned({
        userId: target.id,
        targetUserId: admin2,
        banned: true,
        idempotencyKey: key(),
        reason: 'revenge',
      }),
    ).rejects.toMatchObject({ code: status.PERMISSION_DENIED });
  });

  it('a muted player cannot post notes; admins can be neither banned nor muted (audited as failed)', async () => {
    const loud = await h.player('loud');
    const other = await h.player('other');
    await h.client.SetMuted({ userId: admin, targetUserId: loud.id, muted: true, idempotencyKey: key() });
    const [card] = await h.cardsOf(loud.id);
    await expect(
      h.tradingClient.CreateOffer({
        userId: loud.id,
        toUserId: other.id,
        offeredCardIds: [card!.id],
        offeredCoins: 0,
        requestedCardIds: [],
        requestedCoins: 10,
        note: 'hello',
        idempotencyKey: key(),
      }),
    ).rejects.toMatchObject({ details: 'Muted users cannot post notes' });

    for (const call of [
      () => h.client.SetBanned({ userId: admin, targetUserId: admin2, banned: true, idempotencyKey: key() }),
      () => h.client.SetMuted({ userId: admin, targetUserId: admin2, muted: true, idempotencyKey: key() }),
    ])
      await expect(call()).rejects.toMatchObject({
        code: status.PERMISSION_DENIED,
        details: 'Admins cannot be banned or muted',
      });
    expect(await h.peers.identity.GetUser({ userId: admin2 })).toMatchObject({ banned: false, muted: false });
    const failed = (await h.auditRows()).filter((r) => r.target_id === String(admin2));
    expect(failed.map((r) => [r.action, r.outcome])).toEqual([
      ['user.ban', 'failed'],
      ['user.mute', 'failed'],
    ]);
  });
});

describe('cash-out review', () => {
  it('lists requests with the requester, moves them through the wallet, audits, and the profit wallet grows by 12%', async () => {
    const payer = await h.player('payer');
    for (let i = 0; i < 3; i++) await h.buy(payer.id);
    const { cashout } = await h.peers.wallet.RequestCashout({
      userId: payer.id,
      coinsAmount: 20_000,
      paypalEmail: 'payer@paypal.example',
      idempotencyKey: key(),
    });
    const { cashouts } = await h.client.ListCashouts({ userId: admin, status: 'pending' });
    const listed = cashouts.find((c) => c.id === cashout!.id)!;
    expect(listed).toMatchObject({
      userId: payer.id,
      userEmail: payer.email,
      status: 'pending',
      coinsAmount: 20_000,
      cashAmountCents: 774,
      paypalEmail: 'payer@paypal.example',
      // A test deployment: the request is marked test, and the test-card purchases are no money.
      test: true,
      requester: {
        userId: payer.id,
        purchaseCount: 0,
        purchaseTotalCents: 0,
        testPurchaseCount: 3,
        testPurchaseTotalCents: 6_000,
      },
    });
    const profit = (await h.client.GetAdminWallet({ userId: admin })).profitWallet;
    await h.client.SetCashoutStatus({
      userId: admin,
      requestId: cashout!.id,
      status: 'processing',
      idempotencyKey: key(),
    });
    const done = await h.client.SetCashoutStatus({
      userId: admin2,
      requestId: cashout!.id,
      status: 'completed',
      idempotencyKey: key(),
      paypalTransactionId: paypalId(),
    });
    expect(done.cashout).toMatchObject({ status: 'completed', processedByUserId: admin2 });
    expect(done.cashout!.processedAt).not.toBe('');
    const wallet = await h.client.GetAdminWallet({ userId: admin });
    expect(wallet.profitWallet).toBe(profit + 2_400);
    expect(wallet.profitWalletCents).toBe(Math.floor((wallet.profitWallet * 100) / 2273));
    const entries = (await h.client.ListAuditLog({ userId: admin, actorUserId: 0, action: 'cashout.status' }))
      .entries;
    expect(
      entries
        .slice(0, 2)
        .map((e) => [e.actorUserId, JSON.parse(e.beforeJson).status, JSON.parse(e.afterJson).status]),
    ).toEqual([
      [admin2, 'processing', 'completed'],
      [admin, 'pending', 'processing'],
    ]);
    await h.audit();
  });

  it('a rejection may carry a reason: the wallet keeps it and the review list shows it', async () => {
    const payer = await h.player('refused');
    for (let i = 0; i < 3; i++) await h.buy(payer.id);
    const { cashout } = await h.peers.wallet.RequestCashout({
      userId: payer.id,
      coinsAmount: 13_000,
      paypalEmail: 'refused@paypal.example',
      idempotencyKey: key(),
    });
    const rejected = await h.client.SetCashoutStatus({
      userId: admin,
      requestId: cashout!.id,
      status: 'rejected',
      idempotencyKey: key(),
      reason: 'PayPal account closed',
    });
    expect(rejected.cashout).toMatchObject({ status: 'rejected', reason: 'PayPal account closed' });
    const { cashouts } = await h.client.ListCashouts({ userId: admin, status: 'rejected' });
    expect(cashouts.find((c) => c.id === cashout!.id)?.reason).toBe('PayPal account closed');
    const [mine] = (await h.peers.wallet.ListMyCashouts({ userId: payer.id })).cashouts;
    expect(mine).toMatchObject({ id: cashout!.id, reason: 'PayPal account closed' });
  });

  it('two admins at once: one wins, the other is told (409) and its entry says failed', async () => {
    const payer = await h.player('racer');
    for (let i = 0; i < 3; i++) await h.buy(payer.id);
    const { cashout } = await h.peers.wallet.RequestCashout({
      userId: payer.id,
      coinsAmount: 20_000,
      paypalEmail: 'racer@paypal.example',
      idempotencyKey: key(),
    });
    await h.client.SetCashoutStatus({
      userId: admin,
      requestId: cashout!.id,
      status: 'processing',
      idempotencyKey: key(),
    });
    const results = await Promise.allSettled([
      h.client.SetCashoutStatus({
        userId: admin,
        requestId: cashout!.id,
        status: 'completed',
        idempotencyKey: key(),
        paypalTransactionId: paypalId(),
      }),
      h.client.SetCashoutStatus({
        userId: admin2,
        requestId: cashout!.id,
        status: 'rejected',
        idempotencyKey: key(),
      }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect((results.find((r) => r.status === 'rejected') as PromiseRejectedResult).reason).toMatchObject({
      code: status.ALREADY_EXISTS,
    });
    const rows = (await h.auditRows()).filter(
      (r) => r.action === 'cashout.status' && r.target_id === String(cashout!.id),
    );
    expect(rows.map((r) => r.outcome).sort()).toEqual(['failed', 'ok', 'ok']);
    await h.audit();
  });

  it('a move the wallet does not allow is refused with its message and audited as failed', async () => {
    const payer = await h.player('early');
    for (let i = 0; i < 3; i++) await h.buy(payer.id);
    const { cashout } = await h.peers.wallet.RequestCashout({
      userId: payer.id,
      coinsAmount: 13_000,
      paypalEmail: 'early@paypal.example',
      idempotencyKey: key(),
    });
    await expect(
      h.client.SetCashoutStatus({
        userId: admin,
        requestId: cashout!.id,
        status: 'completed',
        idempotencyKey: key(),
        paypalTransactionId: paypalId(),
      }),
    ).rejects.toMatchObject({
      code: status.ALREADY_EXISTS,
      details: 'A pending cashout request cannot be marked completed',
    });
    await expect(
      h.client.SetCashoutStatus({
        userId: admin,
        requestId: 999_999,
        status: 'processing',
        idempotencyKey: key(),
      }),
    ).rejects.toMatchObject({ code: status.NOT_FOUND });
    expect((await h.peers.wallet.GetCashout({ requestId: cashout!.id })).status).toBe('pending');
  });
});

describe('users, cards and the shop', () => {
  it('lists users with coins, purchases, spending limit, collection and the leaderboard rank', async () => {
    const p = await h.player('listed');
    await h.buy(p.id);
    await h.peers.wallet.SetSpendingLimit({
      userId: p.id,
      hasLimit: true,
      monthlyLimitCents: 5_000,
      idempotencyKey: key(),
    });
    // The leaderboard folds the starter pack in from events: wait until it has.
    let rank = 0;
    await eventually(async () => {
      const { stats } = await h.peers.leaderboard.GetUserStats({ userId: p.id });
      expect(stats!.cardCount).toBe(3);
      rank = stats!.rank;
    });
    const { users } = await h.client.ListUsers({ userId: admin });
    const row = users.find((u) => u.id === p.id)!;
    const cards = await h.cardsOf(p.id);
    expect(row).toMatchObject({
      email: p.email,
      coins: 60_000,
      // Its one purchase was a test payment: "Spent" is real money only.
      purchaseCount: 0,
      purchaseTotalCents: 0,
      cardCount: 3,
      collectionValue: cards.reduce((t, c) => t + c.player!.currentPrice, 0),
      rank,
      isAdmin: false,
      banned: false,
      hasSpendingLimit: true,
      spendingLimitCents: 5_000,
      flags: [],
    });
    expect(users.find((u) => u.id === admin)).toMatchObject({ isAdmin: true });
  });

  it('the list still loads when the leaderboard is down', async () => {
    const deps = h.deps({ leaderboard: '127.0.0.1:1' });
    try {
      const { listUsers } = await import('../src/use-cases/users');
      const { users } = await listUsers(deps, admin);
      expect(users.length).toBeGreaterThan(0);
      expect(users.every((u) => u.rank === 0)).toBe(true);
    } finally {
      deps.close();
    }
  });

  it("transfers the admin's cards to the shop with isMessi kept out, idempotently and audited", async () => {
    const { cards } = await h.client.ListCollectionCards({ userId: admin });
    expect(cards).toHaveLength(3);
    expect(cards.every((c) => c.isMessi === false && c.playerName !== '')).toBe(true);
    const [one] = cards;
    const order = { userId: admin, transferAllNonMessi: false, cardIds: [one!.id], idempotencyKey: key() };
    expect(await h.client.TransferToShop(order)).toEqual({
      success: true,
      transferred: 1,
      remaining: 2,
      error: '',
    });
    expect(await h.client.TransferToShop(order)).toEqual({
      success: true,
      transferred: 1,
      remaining: 2,
      error: '',
    });
    expect(
      await h.client.TransferToShop({
        userId: admin,
        transferAllNonMessi: true,
        cardIds: [],
        idempotencyKey: key(),
      }),
    ).toEqual({ success: true, transferred: 2, remaining: 0, error: '' });
    const owner = await h.cards.database.db('cards').where({ id: one!.id }).first('owner_id');
    expect(Number(owner.owner_id)).toBe(0);
    const entries = (
      await h.client.ListAuditLog({ userId: admin, actorUserId: admin, action: 'cards.transfer_to_shop' })
    ).entries;
    expect(entries.map((e) => JSON.parse(e.afterJson))).toEqual([
      { transferred: 2, remaining: 0 },
      { transferred: 1, remaining: 2 },
    ]);
  });

  it('pages through the audit log', async () => {
    const first = await h.client.ListAuditLog({
      userId: admin,
      actorUserId: 0,
      action: '',
      page: { pageSize: 2, cursor: '' },
    });
    expect(first.entries).toHaveLength(2);
    const second = await h.client.ListAuditLog({
      userId: admin,
      actorUserId: 0,
      action: '',
      page: { pageSize: 2, cursor: first.nextCursor },
    });
    expect(second.entries[0]!.id).toBeLessThan(first.entries[1]!.id);
  });
});

describe('squad challenges', () => {
  const draft = {
    description: '',
    cardCount: 1,
    teamId: 0,
    position: '',
    minRarity: '',
    minTotalValue: 0,
    startsAt: '',
    endsAt: '',
  };

  it('creates one with a reward pack, audited with the pack; a pack not in the shop is refused in words', async () => {
    const made = await h.client.CreateChallenge({
      ...draft,
      userId: admin,
      idempotencyKey: key(),
      title: 'For an Epic Pack',
      rewardCoins: 0,
      rewardPackId: 3,
    });
    expect(made.challenge).toMatchObject({ rewardCoins: 0, rewardPackId: 3, rewardPackName: 'Epic Pack' });
    const refused = {
      ...draft,
      userId: admin,
      idempotencyKey: key(),
      title: 'For no pack',
      rewardCoins: 100,
      rewardPackId: 42,
    };
    await expect(h.client.CreateChallenge(refused)).rejects.toMatchObject({
      code: status.INVALID_ARGUMENT,
      details: "Reward pack must be one of the shop's packs",
    });
    const { entries } = await h.client.ListAuditLog({
      userId: admin,
      actorUserId: admin,
      action: 'challenges.create',
    });
    const [failed, ok] = entries;
    expect(failed).toMatchObject({ outcome: 'failed', error: "Reward pack must be one of the shop's packs" });
    expect(JSON.parse(failed!.detailsJson)).toMatchObject({ rewardPackId: 42 });
    expect(ok).toMatchObject({ outcome: 'ok' });
    expect(JSON.parse(ok!.detailsJson)).toMatchObject({ title: 'For an Epic Pack', rewardPackId: 3 });
    expect(JSON.parse(ok!.afterJson)).toMatchObject({
      id: made.challenge!.id,
      rewardCoins: 0,
      rewardPack: 'Epic Pack',
    });
  });
});

describe("a user's trade history ('View Trade History')", () => {
  it("lists the user's trades from trading, not anyone else's; an unknown user is NOT_FOUND", async () => {
    const seller = await h.player('history-seller');
    const buyer = await h.player('history-buyer');
    const bystander = await h.player('history-bystander');
    const [card] = await h.cardsOf(seller.id);
    const { offer } = await h.tradingClient.CreateOffer({
      userId: seller.id,
      toUserId: buyer.id,
      offeredCardIds: [card!.id],
      offeredCoins: 0,
      requestedCardIds: [],
      requestedCoins: 500,
      note: '',
      idempotencyKey: key(),
    });
    await h.tradingClient.AcceptOffer({ userId: buyer.id, offerId: offer!.id, idempotencyKey: key() });

    await eventually(async () => {
      const { records } = await h.client.ListUserTrades({ userId: admin, targetUserId: buyer.id });
      expect(records).toEqual([
        expect.objectContaining({
          tradeType: 'trade',
          sellerUserId: seller.id,
          buyerUserId: buyer.id,
          cardId: card!.id,
        }),
      ]);
    });
    const ofSeller = await h.client.ListUserTrades({ userId: admin, targetUserId: seller.id });
    expect(ofSeller.records.map((r) => r.cardId)).toEqual([card!.id]);
    const ofBystander = await h.client.ListUserTrades({ userId: admin, targetUserId: bystander.id });
    expect(ofBystander.records).toEqual([]);
    await expect(h.client.ListUserTrades({ userId: admin, targetUserId: 987_654 })).rejects.toMatchObject({
      code: status.NOT_FOUND,
    });
    // Reading is not an action: nothing in the audit log.
    expect((await h.auditRows()).filter((r) => r.target_id === String(buyer.id))).toEqual([]);
  });
});

describe('fraud flags', () => {
  it('four throwaway accounts each sending their welcome coins to one account are flagged; an ordinary trade is not', async () => {
    const collector = await h.player('collector');
    const throwaways = await Promise.all([1, 2, 3, 4].map((i) => h.player(`throwaway${i}`)));
    await h.farmInto(collector.id, throwaways);

    const seller = await h.player('seller');
    const buyer = await h.player('buyer');
    const cheapest = (await h.cardsOf(seller.id)).sort(
      (a, b) => a.player!.currentPrice - b.player!.currentPrice,
    )[0]!;
    const { offer } = await h.tradingClient.CreateOffer({
      userId: seller.id,
      toUserId: buyer.id,
      offeredCardIds: [cheapest.id],
      offeredCoins: 0,
      requestedCardIds: [],
      requestedCoins: cheapest.player!.currentPrice,
      note: '',
      idempotencyKey: key(),
    });
    await h.tradingClient.AcceptOffer({ userId: buyer.id, offerId: offer!.id, idempotencyKey: key() });

    await eventually(async () => {
      expect(
        await h.admin.database.db('exchanges').whereIn(
          'a_user_id',
          throwaways.map((t) => t.id),
        ),
      ).toHaveLength(4);
      expect(await h.admin.database.db('exchanges').where({ a_user_id: seller.id })).toHaveLength(1);
    });

    const report = await h.client.GetUserFlags({ userId: admin, targetUserId: collector.id });
    expect(report.flagged).toBe(true);
    expect(report.coinsReceivedFromPlayers).toBe(38_000);
    expect(report.cardsReceivedFromPlayers).toBe(4);
    const codes = report.flags.map((f) => [f.code, f.severity]);
    expect(codes).toContainEqual(['new_account_ring', 'high']);
    expect(codes).toContainEqual(['received_from_players', 'warning']);
    expect(codes).toContainEqual(['off_market_trade', 'warning']);
    const ring = report.flags.find((f) => f.code === 'new_account_ring')!;
    for (const t of throwaways) expect(ring.message).toContain(`#${t.id}`);
    // Each throwaway gave much more than it got.
    const feeder = await h.client.GetUserFlags({ userId: admin, targetUserId: throwaways[0]!.id });
    expect(feeder.flags.map((f) => f.code)).toContain('off_market_trade');

    for (const party of [seller, buyer]) {
      const ordinary = await h.client.GetUserFlags({ userId: admin, targetUserId: party.id });
      expect(ordinary.exchanges).toBe(1);
      expect(ordinary.flagged).toBe(false);
      expect(ordinary.flags.map((f) => f.code)).toEqual(['new_account']);
    }

    // The 'Flags' column shows the same, without the context flags.
    const { users } = await h.client.ListUsers({ userId: admin });
    expect(users.find((u) => u.id === collector.id)!.flags.map((f) => f.code)).toContain('new_account_ring');
    expect(users.find((u) => u.id === seller.id)!.flags).toEqual([]);
  });
});
