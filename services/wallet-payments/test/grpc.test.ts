import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { status } from '@grpc/grpc-js';
import { startWallet, type StartedWallet } from './support';

/** The ledger through the real gRPC server: status codes are what the gateway turns into HTTP. */

let w: StartedWallet;

beforeAll(async () => {
  w = await startWallet();
});
afterAll(async () => {
  await w.stop();
});

const rpcError = (code: status, details?: string) =>
  expect.objectContaining(details === undefined ? { code } : { code, details });

describe('Wallet over gRPC', () => {
  it('grants, transfers and reads balances', async () => {
    const granted = await w.client.Grant({
      idempotencyKey: 'rpc-g1',
      userId: 1,
      amount: 1_000,
      reason: 'promo',
    });
    expect(granted).toEqual({ transactionId: expect.any(Number), coins: 1_000 });
    const moved = await w.client.Transfer({
      idempotencyKey: 'rpc-t1',
      fromAccount: 'user:1',
      toAccount: 'user:2',
      amount: 200,
      fee: 5,
      reason: 'trade',
      reference: 'offer-1',
    });
    expect(moved).toEqual({ transactionId: expect.any(Number), fromBalance: 800, toBalance: 195 });
    expect(await w.client.GetBalances({ userIds: [1, 2, 3] })).toEqual({
      balances: [
        { userId: 1, coins: 800 },
        { userId: 2, coins: 195 },
        { userId: 3, coins: 0 },
      ],
    });
  });

  it('answers an overdraft with FAILED_PRECONDITION "Not enough coins"', async () => {
    await expect(
      w.client.Transfer({
        idempotencyKey: 'rpc-over',
        fromAccount: 'user:2',
        toAccount: 'platform:market',
        amount: 196,
        reason: 'market.buy',
      }),
    ).rejects.toEqual(rpcError(status.FAILED_PRECONDITION, 'Not enough coins'));
  });

  it('answers a late commit of a voided hold with ALREADY_EXISTS', async () => {
    const held = await w.client.Hold({
      holdKey: 'rpc-h1',
      fromAccount: 'user:1',
      toAccount: 'user:2',
      amount: 300,
      fee: 7,
      reason: 'trade',
    });
    expect(held).toEqual({ holdKey: 'rpc-h1', status: 'held', fromBalance: 500 });
    expect(await w.client.GetBalance({ userId: 1 })).toEqual({ userId: 1, coins: 500, heldCoins: 300 });
    expect(await w.client.VoidHold({ holdKey: 'rpc-h1', reason: 'card moved' })).toEqual({
      status: 'voided',
    });
    await expect(w.client.CommitHold({ holdKey: 'rpc-h1' })).rejects.toEqual(
      rpcError(status.ALREADY_EXISTS, 'Hold was voided'),
    );
    await expect(w.client.CommitHold({ holdKey: 'rpc-unknown' })).rejects.toEqual(rpcError(status.NOT_FOUND));
    expect(await w.client.GetBalance({ userId: 1 })).toEqual({ userId: 1, coins: 800, heldCoins: 0 });
  });

  it('commits a hold once', async () => {
    await w.client.Hold({
      holdKey: 'rpc-h2',
      fromAccount: 'user:1',
      toAccount: 'user:2',
      amount: 100,
      fee: 3,
      reason: 'trade',
    });
    const first = await w.client.CommitHold({ holdKey: 'rpc-h2' });
    expect(first).toEqual({ status: 'committed', transactionId: expect.any(Number) });
    expect(await w.client.CommitHold({ holdKey: 'rpc-h2' })).toEqual(first);
    await expect(w.client.VoidHold({ holdKey: 'rpc-h2' })).rejects.toEqual(
      rpcError(status.ALREADY_EXISTS, 'Hold was committed'),
    );
  });

  it('answers invalid amounts and accounts with INVALID_ARGUMENT', async () => {
    const base = { idempotencyKey: 'rpc-bad', fromAccount: 'user:1', toAccount: 'user:2', reason: 'trade' };
    for (const request of [
      { ...base, amount: 0 },
      { ...base, amount: -5 },
      { ...base, amount: 10, fee: 11 },
      { ...base, amount: 10, toAccount: 'user:1' },
      { ...base, amount: 10, toAccount: 'platform:bank' },
    ])
      await expect(w.client.Transfer(request)).rejects.toEqual(rpcError(status.INVALID_ARGUMENT));
    await expect(
      w.client.Grant({ idempotencyKey: 'rpc-bad', userId: 1, amount: 0, reason: 'promo' }),
    ).rejects.toEqual(rpcError(status.INVALID_ARGUMENT, 'amount must be a positive whole number of coins'));
    await expect(
      w.client.Hold({ holdKey: '', fromAccount: 'user:1', toAccount: 'user:2', amount: 1, reason: 'trade' }),
    ).rejects.toEqual(rpcError(status.INVALID_ARGUMENT, 'hold_key is required'));
  });

  it('lists entries a page at a time and verifies the ledger', async () => {
    const first = await w.client.ListLedgerEntries({ account: 'user:1', page: { pageSize: 2 } });
    expect(first.entries).toHaveLength(2);
    expect(first.entries[0]!.id).toBeGreaterThan(first.entries[1]!.id);
    const rest = await w.client.ListLedgerEntries({
      account: 'user:1',
      page: { pageSize: 50, cursor: first.nextCursor },
    });
    expect(rest.nextCursor).toBe('');
    expect([...first.entries, ...rest.entries].reduce((sum, e) => sum + e.amount, 0)).toBe(700);
    await expect(w.client.ListLedgerEntries({ page: { cursor: 'nope' } })).rejects.toEqual(
      rpcError(status.INVALID_ARGUMENT),
    );
    expect(await w.client.VerifyLedger({})).toEqual({
      ok: true,
      total: 0,
      mismatches: [],
      negativeUserAccounts: 0,
    });
  });

  it('serves the cash-out RPCs, refusing bad input with its status', async () => {
    expect(await w.client.GetCashoutEligibility({ userId: 1 })).toMatchObject({
      eligible: false,
      minCoins: 12_920,
      coinsPerUsd: 2273,
      purchaseCount: 0,
    });
    expect(await w.client.GetAdminWallet({ userId: 999_999 })).toMatchObject({ coins: 0 });
    await expect(w.client.ListAllCashouts({ status: 'paid' })).rejects.toEqual(
      rpcError(status.INVALID_ARGUMENT),
    );
    await expect(w.client.GetCashout({ requestId: 424_242 })).rejects.toEqual(rpcError(status.NOT_FOUND));
    await expect(
      w.client.RequestCashout({ userId: 1, coinsAmount: 13_000, paypalEmail: 'no', idempotencyKey: 'k' }),
    ).rejects.toEqual(rpcError(status.INVALID_ARGUMENT, 'Please enter a valid PayPal email address'));
    await expect(
      w.client.SetCashoutStatus({ actorUserId: 1, requestId: 1, status: 'pending', idempotencyKey: 'k' }),
    ).rejects.toEqual(rpcError(status.INVALID_ARGUMENT));
  });
});
