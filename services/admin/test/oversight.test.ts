import { status } from '@grpc/grpc-js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MUTE_DURATION_INVALID, PAYPAL_TRANSACTION_ID_INVALID } from '@touchline/rules';
import { completedWith, PAYPAL_ID_ONLY_ON_COMPLETE, PAYPAL_ID_USED } from '../src/use-cases/cashouts';
import { ADMIN_2_EMAIL, key, paypalId, startAdmin, type AdminHarness } from './support';

// Issue 43 item 8 (and the admin side of item 7): the PayPal transaction id that completes a
// cash-out, the audit log's filters, and mutes with a reason and a duration.
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

async function processing(local: string): Promise<number> {
  const id = await h.pendingCashout(local);
  await h.client.SetCashoutStatus({
    userId: admin,
    requestId: id,
    status: 'processing',
    idempotencyKey: key(),
  });
  return id;
}

const complete = (requestId: number, paypalTransactionId: string, userId = admin, idempotencyKey = key()) =>
  h.client.SetCashoutStatus({ userId, requestId, status: 'completed', idempotencyKey, paypalTransactionId });

describe('Mark as Completed records the PayPal transaction id', () => {
  it('is required and must look like one; nothing moves without it', async () => {
    const id = await processing('noid');
    for (const bad of ['', 'ABC123', '5TY05013RG002845M!', '5TY05013RG002845MX'])
      await expect(complete(id, bad), bad).rejects.toMatchObject({
        code: status.INVALID_ARGUMENT,
        details: PAYPAL_TRANSACTION_ID_INVALID,
      });
    await expect(
      h.client.SetCashoutStatus({
        userId: admin,
        requestId: id,
        status: 'rejected',
        idempotencyKey: key(),
        paypalTransactionId: paypalId(),
      }),
    ).rejects.toMatchObject({ code: status.INVALID_ARGUMENT, details: PAYPAL_ID_ONLY_ON_COMPLETE });
    expect((await h.peers.wallet.GetCashout({ requestId: id })).status).toBe('processing');
  });

  it('is kept upper-case, shown on the request with its history, and in the audit log', async () => {
    const id = await processing('paid');
    const txn = paypalId();
    const { cashout } = await complete(id, `  ${txn.toLowerCase()} `, admin2);
    expect(cashout).toMatchObject({ status: 'completed', paypalTransactionId: txn });
    expect(cashout!.history.map((e) => [e.status, e.actorUserId, e.paypalTransactionId])).toEqual([
      ['processing', admin, ''],
      ['completed', admin2, txn],
    ]);
    const listed = (await h.client.ListCashouts({ userId: admin, status: 'completed' })).cashouts.find(
      (c) => c.id === id,
    );
    expect(listed).toMatchObject({ paypalTransactionId: txn });
    const [entry] = (
      await h.client.ListAuditLog({ userId: admin, actorUserId: admin2, action: 'cashout.status' })
    ).entries;
    expect(JSON.parse(entry!.detailsJson)).toMatchObject({ requestId: id, paypalTransactionId: txn });
    expect(JSON.parse(entry!.afterJson)).toMatchObject({ status: 'completed', paypalTransactionId: txn });
    await h.audit();
  });

  it('completing again with the same id is the same completion; another id is refused (409)', async () => {
    const id = await processing('twice');
    const txn = paypalId();
    const first = await complete(id, txn);
    const profit = (await h.client.GetAdminWallet({ userId: admin })).profitWallet;
    // A retry with the same key, then another admin with the same id and a key of their own.
    const retryKey = key();
    const sameKey = await complete(id, txn, admin, retryKey);
    const retried = await complete(id, txn, admin, retryKey);
    const other = await complete(id, txn, admin2);
    for (const again of [sameKey, retried, other])
      expect(again.cashout).toMatchObject({
        status: 'completed',
        paypalTransactionId: txn,
        processedAt: first.cashout!.processedAt,
      });
    await expect(complete(id, paypalId())).rejects.toMatchObject({
      code: status.ALREADY_EXISTS,
      details: completedWith(txn),
    });
    // Paid once: the fee reached the profit wallet once.
    expect((await h.client.GetAdminWallet({ userId: admin })).profitWallet).toBe(profit);
    await h.audit();
  });

  it('one PayPal payment completes one request: its id is refused for another', async () => {
    const [a, b] = [await processing('payone'), await processing('paytwo')];
    const txn = paypalId();
    await complete(a, txn);
    await expect(complete(b, txn)).rejects.toMatchObject({
      code: status.ALREADY_EXISTS,
      details: PAYPAL_ID_USED,
    });
    expect((await h.peers.wallet.GetCashout({ requestId: b })).status).toBe('processing');
  });

  it('two admins completing at once with the same id: completed once, both told it is done', async () => {
    const id = await processing('samerace');
    const txn = paypalId();
    const results = await Promise.all([complete(id, txn, admin), complete(id, txn, admin2)]);
    expect(results.map((r) => r.cashout!.status)).toEqual(['completed', 'completed']);
    const moves = (await h.auditRows()).filter(
      (r) => r.action === 'cashout.status' && r.target_id === String(id) && r.outcome === 'ok',
    );
    expect(moves).toHaveLength(2); // processing, then one completion
    await h.audit();
  });

  it('a refused completion gives its id back: a request not yet processing keeps it free', async () => {
    const pendingId = await h.pendingCashout('tooearly');
    const txn = paypalId();
    await expect(complete(pendingId, txn)).rejects.toMatchObject({ code: status.ALREADY_EXISTS });
    const other = await processing('latecomer');
    await expect(complete(other, txn)).resolves.toMatchObject({ cashout: { paypalTransactionId: txn } });
  });
});

describe('the audit log screen: filters and pages', () => {
  it('filters by admin, action, user and time, combined, and pages with a cursor', async () => {
    const [p, q] = [await h.player('watched'), await h.player('other')];
    const mute = (actor: number, target: number) =>
      h.client.SetMuted({
        userId: actor,
        targetUserId: target,
        muted: true,
        idempotencyKey: key(),
        reason: 'Spam',
        durationSeconds: 3_600,
      });
    await mute(admin, p.id);
    await mute(admin2, p.id);
    await mute(admin, q.id);
    await h.client.SetBanned({
      userId: admin2,
      targetUserId: p.id,
      banned: true,
      idempotencyKey: key(),
      reason: '',
    });
    const cashout = await processing('watchedcash');
    const requester = (await h.peers.wallet.GetCashout({ requestId: cashout })).userId;

    const list = (
      filter: { actorUserId?: number; action?: string; subjectUserId?: number; from?: string; to?: string },
      page?: { pageSize: number; cursor: string },
    ) => h.client.ListAuditLog({ userId: admin, actorUserId: 0, action: '', ...filter, page });

    const aboutP = (await list({ subjectUserId: p.id })).entries;
    expect(aboutP.map((e) => [e.action, e.actorUserId])).toEqual([
      ['user.ban', admin2],
      ['user.mute', admin2],
      ['user.mute', admin],
    ]);
    expect(aboutP.every((e) => e.subjectUserId === p.id)).toBe(true);
    expect(
      (await list({ subjectUserId: p.id, actorUserId: admin2, action: 'user.mute' })).entries,
    ).toHaveLength(1);
    // A cash-out's entries are about its requester.
    expect((await list({ subjectUserId: requester })).entries.map((e) => e.targetId)).toEqual([
      String(cashout),
    ]);

    // Time: [from, to) around the second mute of p.
    const second = aboutP[1]!;
    const window = (await list({ subjectUserId: p.id, from: second.createdAt, to: aboutP[0]!.createdAt }))
      .entries;
    expect(window.map((e) => e.id)).toEqual([second.id]);
    expect((await list({ subjectUserId: p.id, to: aboutP[2]!.createdAt })).entries).toEqual([]);
    await expect(list({ from: 'yesterday' })).rejects.toMatchObject({ code: status.INVALID_ARGUMENT });

    // Pages of one: every entry about p once, newest first, then no cursor.
    const seen: number[] = [];
    let cursor = '';
    do {
      const page = await list({ subjectUserId: p.id }, { pageSize: 1, cursor });
      seen.push(...page.entries.map((e) => e.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(aboutP.map((e) => e.id));
  });

  it('is for admins only', async () => {
    const p = await h.player('snoop');
    await expect(h.client.ListAuditLog({ userId: p.id, actorUserId: 0, action: '' })).rejects.toMatchObject({
      code: status.PERMISSION_DENIED,
    });
  });
});

describe('a mute with a reason and a duration', () => {
  it('ends when the duration says, counted from the first try: a retry sets the same end', async () => {
    const p = await h.player('hushed');
    const order = {
      userId: admin,
      targetUserId: p.id,
      muted: true,
      idempotencyKey: key(),
      reason: 'Insults in notes',
      durationSeconds: 86_400,
    };
    const before = Date.now();
    const { user } = await h.client.SetMuted(order);
    expect(user).toMatchObject({ muted: true, muteReason: 'Insults in notes' });
    const end = Date.parse(user!.mutedUntil);
    expect(end - before).toBeGreaterThanOrEqual(86_400_000 - 1_000);
    expect(end - before).toBeLessThanOrEqual(86_400_000 + 60_000);
    expect((await h.client.SetMuted(order)).user!.mutedUntil).toBe(user!.mutedUntil);
    expect((await h.peers.identity.GetUser({ userId: p.id })).mutedUntil).toBe(user!.mutedUntil);
  });

  it('only 1 h, 24 h, 7 days or permanent; permanent has no end', async () => {
    const p = await h.player('forever');
    await expect(
      h.client.SetMuted({
        userId: admin,
        targetUserId: p.id,
        muted: true,
        idempotencyKey: key(),
        reason: '',
        durationSeconds: 60,
      }),
    ).rejects.toMatchObject({ code: status.INVALID_ARGUMENT, details: MUTE_DURATION_INVALID });
    expect((await h.peers.identity.GetUser({ userId: p.id })).muted).toBe(false);
    const { user } = await h.client.SetMuted({
      userId: admin,
      targetUserId: p.id,
      muted: true,
      idempotencyKey: key(),
      reason: '',
      durationSeconds: 0,
    });
    expect(user).toMatchObject({ muted: true, mutedUntil: '', muteReason: '' });
  });
});
