import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNDER_REVIEW } from '@touchline/rules';
import { getBalance } from '../src/use-cases/balances';
import { grant } from '../src/use-cases/grant';
import { hold } from '../src/use-cases/hold';
import { pay } from '../src/use-cases/pay';
import { clearReviewHold, getReviewHolds, placeReviewHold } from '../src/use-cases/review-holds';
import { transfer } from '../src/use-cases/transfer';
import {
  expectLedgerOk,
  grantOrder,
  holdOrder,
  startWallet,
  transferOrder,
  type StartedWallet,
} from './support';

/**
 * Review holds (security review, issue 40): a player under review sends no coins to another player
 * by any of the wallet's movements, while paying the platform still works; the admin's clearance
 * ends it, and the same flags do not hold the account again.
 */
let w: StartedWallet;
let keys = 0;
const key = () => `rh-${++keys}`;

beforeAll(async () => {
  w = await startWallet({ WELCOME_COINS: '0' });
});
afterAll(() => w.stop());

const underReview = expect.objectContaining({ code: 'forbidden', message: UNDER_REVIEW });
const RING = '3 accounts younger than 7 days sent 28,500 coins net (users #1, #2, #3)';

describe('review holds', () => {
  it('refuses Transfer, Hold and Pay from a held player to another player, writing nothing', async () => {
    await grant(w.deps, grantOrder(key(), 301, 5_000));
    expect(await placeReviewHold(w.deps, { userId: 301, reason: RING, idempotencyKey: key() })).toMatchObject(
      {
        userId: 301,
        held: true,
        reason: RING,
      },
    );
    await expect(transfer(w.deps, transferOrder(key(), 'user:301', 'user:302', 1_000))).rejects.toEqual(
      underReview,
    );
    await expect(hold(w.deps, holdOrder('rh-hold', 'user:301', 'user:302', 1_000))).rejects.toEqual(
      underReview,
    );
    // Pay gives its saga one outcome for good: refused under the key, with the reason.
    expect(await pay(w.deps, holdOrder('rh-pay', 'user:301', 'user:302', 1_000))).toEqual({
      status: 'voided',
      transactionId: 0,
      fromBalance: 5_000,
      voidReason: UNDER_REVIEW,
    });
    expect(await getBalance(w.deps, 301)).toEqual({ userId: 301, coins: 5_000, heldCoins: 0 });
    expect((await getBalance(w.deps, 302)).coins).toBe(0);
    expect(await w.test.database.db('holds').where({ hold_key: 'rh-hold' })).toEqual([]);

    // Paying the platform (a pack, a market-owned card) is not sending coins to anyone.
    await expect(pay(w.deps, holdOrder(key(), 'user:301', 'platform:market', 500))).resolves.toMatchObject({
      status: 'committed',
    });
    await expectLedgerOk(w.deps);
  });

  it('clearing lets the player send again; the same flags do not hold again, new evidence does', async () => {
    await grant(w.deps, grantOrder(key(), 303, 5_000));
    await placeReviewHold(w.deps, { userId: 303, reason: RING, idempotencyKey: key() });
    const cleared = await clearReviewHold(w.deps, { userId: 303, adminUserId: 1, idempotencyKey: key() });
    expect(cleared).toMatchObject({ held: false, clearedBy: 1, reason: RING });
    expect(cleared.clearedAt).not.toBe('');
    await expect(
      transfer(w.deps, transferOrder(key(), 'user:303', 'user:304', 1_000)),
    ).resolves.toMatchObject({
      fromBalance: 4_000,
    });

    expect(await placeReviewHold(w.deps, { userId: 303, reason: RING, idempotencyKey: key() })).toMatchObject(
      {
        held: false,
      },
    );
    const more = '4 accounts younger than 7 days sent 38,000 coins net (users #1, #2, #3, #4)';
    expect(await placeReviewHold(w.deps, { userId: 303, reason: more, idempotencyKey: key() })).toMatchObject(
      {
        held: true,
        reason: more,
        clearedAt: '',
      },
    );
    const { holds } = await getReviewHolds(w.deps, [303, 305]);
    expect(holds).toEqual([
      expect.objectContaining({ userId: 303, held: true }),
      { userId: 305, held: false, reason: '', heldAt: '', clearedAt: '', clearedBy: 0 },
    ]);
    await expectLedgerOk(w.deps);
  });
});
