import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainError, fixedClock } from '@touchline/kit';
import type { CardsDeps } from '../src/use-cases/deps';
import { listUnopenedPacks, markPackRevealed } from '../src/use-cases/pack-reveal';
import { purchasePack } from '../src/use-cases/packs';
import type { WalletClient } from '../src/peers';
import { marketDeps, startMarketWithWallet, type MarketWithWallet } from './market-support';

// Issue 43: a pack closed before its reveal stays unopened (server-side) until it is revealed.

const clock = fixedClock('2026-11-23T15:00:00Z');
let market: MarketWithWallet;
let walletClient: WalletClient;
let keys = 0;
const key = (label: string) => `${label}-${++keys}`;
const deps = (): CardsDeps => marketDeps(market, clock, { MARKET_HOURS: 'schedule' });

beforeAll(async () => {
  market = await startMarketWithWallet(clock, { MARKET_HOURS: 'schedule' });
  ({ walletClient } = market);
});
afterAll(async () => {
  await market.stop();
});

async function buyPack(userId: number) {
  await walletClient.Grant({ idempotencyKey: key('grant'), userId, amount: 100_000, reason: 'test' });
  return purchasePack(deps(), { userId, packId: 1, idempotencyKey: key('pack') });
}

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'ok';
  } catch (error) {
    if (error instanceof DomainError) return error.code;
    throw error;
  }
}

describe('unopened packs', () => {
  it('a bought pack is unopened, with its cards in order, until its buyer reveals it', async () => {
    const bought = await buyPack(901);
    expect(bought.success).toBe(true);
    const { packs } = await listUnopenedPacks(deps(), 901);
    expect(packs).toHaveLength(1);
    expect(packs[0]).toMatchObject({
      purchaseId: bought.purchaseId,
      packId: 1,
      packName: bought.packName,
      pricePaid: bought.coinsSpent,
    });
    expect((packs[0]!.cards ?? []).map((c) => Number(c.id))).toEqual(
      (bought.cards ?? []).map((c) => Number(c.id)),
    );

    await markPackRevealed(deps(), { userId: 901, purchaseId: bought.purchaseId!, idempotencyKey: key('r') });
    expect((await listUnopenedPacks(deps(), 901)).packs).toEqual([]);
    // A repeat (a retry, or a second tab) is fine and changes nothing.
    await markPackRevealed(deps(), { userId: 901, purchaseId: bought.purchaseId!, idempotencyKey: key('r') });
    expect((await listUnopenedPacks(deps(), 901)).packs).toEqual([]);
  });

  it('another player cannot see or reveal it, and an unknown pack is not found', async () => {
    const bought = await buyPack(911);
    expect((await listUnopenedPacks(deps(), 912)).packs).toEqual([]);
    expect(
      await codeOf(
        markPackRevealed(deps(), { userId: 912, purchaseId: bought.purchaseId!, idempotencyKey: key('r') }),
      ),
    ).toBe('not_found');
    expect(
      await codeOf(
        markPackRevealed(deps(), { userId: 911, purchaseId: 'no-such-pack', idempotencyKey: key('r') }),
      ),
    ).toBe('not_found');
    expect((await listUnopenedPacks(deps(), 911)).packs.map((p) => p.purchaseId)).toEqual([
      bought.purchaseId,
    ]);
  });
});
