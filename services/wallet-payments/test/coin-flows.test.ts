/**
 * Coins minted and burned per reason (touchline_coins_minted_total / _burned_total), read from the
 * ledger by the wallet's gauges: each transaction netted over players' accounts, unknown reasons
 * counted as `other`, and players' balances always equal to minted less burned.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLATFORM } from '@touchline/rules';
import { readLedgerGauges } from '../src/db/gauges';
import { flowLabel } from '../src/domain/coin-flows';
import { grant } from '../src/use-cases/grant';
import { transfer } from '../src/use-cases/transfer';
import { grantOrder, startWallet, transferOrder, type StartedWallet } from './support';

let w: StartedWallet;
beforeAll(async () => {
  w = await startWallet();
});
afterAll(async () => {
  await w.stop();
});

async function totals() {
  const readings = await readLedgerGauges(w.test.database.db);
  const of = (total: string, label: string) =>
    new Map(
      readings
        .filter((r) => 'total' in r && r.total === total)
        .map((r) => [r.labels![label]!, r.value] as const),
    );
  return { minted: of('coinsMinted', 'source'), burned: of('coinsBurned', 'sink') };
}

async function playersHold(): Promise<number> {
  const row = (await w.test.database
    .db('accounts')
    .where({ kind: 'user' })
    .first(w.test.database.db.raw('coalesce(sum(balance), 0)::bigint as total'))) as { total: string };
  return Number(row.total);
}

const sum = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);

describe('coins minted and burned by reason', () => {
  it('starts every known source and sink at 0', async () => {
    const { minted, burned } = await totals();
    expect(Object.fromEntries(minted)).toMatchObject({ welcome: 0, purchase: 0, promo: 0, mission: 0 });
    expect(Object.fromEntries(burned)).toMatchObject({ 'market.sale': 0, pack: 0, trade: 0, cashout: 0 });
  });

  it('counts what entered and left players’ hands, per reason, netting each transaction', async () => {
    await grant(w.deps, { ...grantOrder('cf-mission', 1, 1_000), reason: 'mission' });
    // A reason of a caller's own words is counted, under a bounded label.
    await grant(w.deps, { ...grantOrder('cf-free', 2, 50), reason: 'apology for the outage' });
    // Between players only the fee leaves their hands.
    await transfer(w.deps, {
      ...transferOrder('cf-sale', 'user:1', 'user:2', 300, 30),
      reason: 'market.sale',
    });
    await transfer(w.deps, { ...transferOrder('cf-pack', 'user:1', PLATFORM.market, 200), reason: 'pack' });
    await transfer(w.deps, {
      ...transferOrder('cf-refund', PLATFORM.market, 'user:1', 200),
      reason: 'refund',
    });
    // Platform to platform moves no player's coins.
    await transfer(w.deps, {
      ...transferOrder('cf-internal', PLATFORM.market, PLATFORM.profit, 100),
      reason: 'pack',
    });

    const { minted, burned } = await totals();
    expect(minted.get('mission')).toBe(1_000);
    expect(minted.get('other')).toBe(50);
    expect(minted.get('refund')).toBe(200);
    expect(burned.get('market.sale')).toBe(30);
    expect(burned.get('pack')).toBe(200);
    expect(burned.has('apology for the outage')).toBe(false);
    expect(sum(minted) - sum(burned)).toBe(await playersHold());
  });

  it('labels only the known reasons by name', () => {
    expect(flowLabel('welcome')).toBe('welcome');
    expect(flowLabel('market.sale')).toBe('market.sale');
    expect(flowLabel('user:42 said so')).toBe('other');
  });
});
