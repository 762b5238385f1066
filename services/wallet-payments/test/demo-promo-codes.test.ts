import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPromiseClient, loadConfig } from '@touchline/kit';
import { startTestService, type TestService } from '@touchline/kit/testing';
import { SERVICES } from '@touchline/protos';
import type { WalletDefinition } from '@touchline/protos/gen/touchline/wallet/Wallet';
import { cardsMarketService } from '../../cards-market/src/service';
import { walletConfigSchema } from '../src/config';
import { insertPromoCode } from '../src/db/promo';
import { DEMO_PROMO_CODES } from '../src/domain/demo-promo-codes';
import { PROMO_EXHAUSTED, PROMO_NOT_FOUND } from '../src/domain/promo';
import { walletService } from '../src/service';
import { seedDemoPromoCodes } from '../src/use-cases/seed-promo-codes';
import type { WalletClient } from './support';

/** Issue 9, item 6: demo promo codes only on request (DEMO_PROMO_CODES=true), each with a total limit. */

const DEMO_CODES = ['WELCOME2026', 'KICKOFF', 'LEGEND', 'RAREPACK'];

function clientOf(wallet: TestService): WalletClient {
  return createPromiseClient<WalletDefinition>(
    SERVICES['wallet-payments'].definition(),
    wallet.service.address,
  );
}

describe('without DEMO_PROMO_CODES (the stack, production)', () => {
  let wallet: TestService;
  let client: WalletClient;
  beforeAll(async () => {
    // NODE_ENV is not production here: that alone used to seed them.
    wallet = await startTestService(walletService, { env: { WELCOME_COINS: '0', NODE_ENV: 'development' } });
    client = clientOf(wallet);
  });
  afterAll(async () => {
    client?.close();
    await wallet?.stop();
  });

  it('seeds no promo code, so none can be redeemed', async () => {
    expect(await wallet.database.db('promo_codes').count({ n: '*' })).toEqual([{ n: 0 }]);
    for (const code of DEMO_CODES)
      expect(await client.RedeemPromo({ userId: 1, code, idempotencyKey: '' })).toMatchObject({
        success: false,
        message: PROMO_NOT_FOUND,
      });
    expect((await client.GetBalance({ userId: 1 })).coins).toBe(0);
  });

  it('gives a demo code an earlier version seeded unlimited its limit, never below its redemptions', async () => {
    const welcome = DEMO_PROMO_CODES.find((c) => c.code === 'WELCOME2026')!;
    const kickoff = DEMO_PROMO_CODES.find((c) => c.code === 'KICKOFF')!;
    const db = wallet.database.db;
    await insertPromoCode(db, { ...welcome, maxRedemptions: null });
    await insertPromoCode(db, { ...kickoff, maxRedemptions: null });
    await db('promo_codes')
      .where({ code: 'KICKOFF' })
      .update({ redemptions_count: kickoff.maxRedemptions + 7 });
    // An operator's own code that happens to share a name keeps what the operator gave it.
    await insertPromoCode(db, { ...welcome, code: 'LEGEND', description: 'ours', maxRedemptions: null });

    expect(await seedDemoPromoCodes(db, { seed: false })).toEqual({
      added: [],
      capped: ['WELCOME2026', 'KICKOFF'],
    });
    const rows = (await db('promo_codes')
      .orderBy('code')
      .select('code', 'max_redemptions', 'redemptions_count')) as {
      code: string;
      max_redemptions: number | null;
    }[];
    expect(rows).toEqual([
      {
        code: 'KICKOFF',
        max_redemptions: kickoff.maxRedemptions + 7,
        redemptions_count: kickoff.maxRedemptions + 7,
      },
      { code: 'LEGEND', max_redemptions: null, redemptions_count: 0 },
      { code: 'WELCOME2026', max_redemptions: welcome.maxRedemptions, redemptions_count: 0 },
    ]);
    expect(await client.RedeemPromo({ userId: 2, code: 'KICKOFF', idempotencyKey: '' })).toMatchObject({
      success: false,
      message: PROMO_EXHAUSTED,
    });
  });
});

describe('with DEMO_PROMO_CODES=true (npm start)', () => {
  let cards: TestService;
  let wallet: TestService;
  let client: WalletClient;
  beforeAll(async () => {
    cards = await startTestService(cardsMarketService);
    wallet = await startTestService(walletService, {
      env: { WELCOME_COINS: '0', DEMO_PROMO_CODES: 'true' },
      peers: { 'cards-market': cards.service.address },
    });
    client = clientOf(wallet);
  });
  afterAll(async () => {
    client?.close();
    await wallet?.stop();
    await cards?.stop();
  });

  it('refuses a flag that is not a boolean, naming it', () => {
    expect(() => loadConfig(walletConfigSchema, { DEMO_PROMO_CODES: 'maybe' })).toThrow(/DEMO_PROMO_CODES/);
    expect(loadConfig(walletConfigSchema, {}).DEMO_PROMO_CODES).toBe(false);
  });

  it('seeds each demo code with a total limit', async () => {
    const rows = (await wallet.database.db('promo_codes').select('code', 'max_redemptions')) as {
      code: string;
      max_redemptions: number | null;
    }[];
    for (const code of DEMO_CODES) {
      const row = rows.find((r) => r.code === code);
      expect(row?.max_redemptions, code).toBeGreaterThan(0);
    }
    expect(rows.every((r) => r.max_redemptions !== null)).toBe(true);
  });

  it.each(DEMO_CODES)(
    '%s: the last redemption within the limit works, the next one is refused',
    async (code) => {
      const { maxRedemptions } = DEMO_PROMO_CODES.find((c) => c.code === code)!;
      // As if every redemption but one had been used by other players.
      await wallet.database
        .db('promo_codes')
        .where({ code })
        .update({ redemptions_count: maxRedemptions - 1 });
      const userId = 100 + DEMO_CODES.indexOf(code) * 2;

      expect(await client.RedeemPromo({ userId, code, idempotencyKey: '' })).toMatchObject({ success: true });
      expect(await client.RedeemPromo({ userId: userId + 1, code, idempotencyKey: '' })).toMatchObject({
        success: false,
        message: PROMO_EXHAUSTED,
      });
      const [row] = (await wallet.database.db('promo_codes').where({ code }).select('redemptions_count')) as {
        redemptions_count: number;
      }[];
      expect(row?.redemptions_count).toBe(maxRedemptions);
    },
  );
});
