import { status } from '@grpc/grpc-js';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPromiseClient, fixedClock, systemClock, type Clock } from '@touchline/kit';
import { startTestService, type TestService } from '@touchline/kit/testing';
import { decodeEvent, SERVICES } from '@touchline/protos';
import type { WalletDefinition } from '@touchline/protos/gen/touchline/wallet/Wallet';
import { cardsMarketService } from '../../cards-market/src/service';
import { cardMinter, createPeers, type CardMinter } from '../src/peers';
import { DEMO_PROMO_CODES } from '../src/domain/demo-promo-codes';
import {
  PROMO_ALREADY_REDEEMED,
  PROMO_CARDS_PENDING,
  PROMO_EXHAUSTED,
  PROMO_EXPIRED,
  PROMO_NOT_FOUND,
  PROMO_REDEEMED,
} from '../src/domain/promo';
import { walletService } from '../src/service';
import { depsAt } from './cashout-support';
import { addPromoCode } from './promo-support';
import { getBalance } from '../src/use-cases/balances';
import type { PromoDeps } from '../src/use-cases/deps';
import { mintReward, sweepPromoMints } from '../src/use-cases/promo-mint';
import { redeemPromo } from '../src/use-cases/redeem-promo';
import { expectLedgerOk, type WalletClient } from './support';

/**
 * Promo codes against a real cards-market (card and pack rewards are minted there). cards-market
 * starts first: MintCards never calls the wallet, so its wallet address can be a placeholder.
 */

let cards: TestService;
let wallet: TestService;
let client: WalletClient;
let minter: CardMinter;
let peers: ReturnType<typeof createPeers>;
let deps: PromoDeps;

function promoDeps(db: Knex, cardMinter: CardMinter, clock: Clock = systemClock): PromoDeps {
  return { ...depsAt(db, clock), cards: cardMinter, promoMintRetryAfterMs: 5_000 };
}

const down: CardMinter = {
  mint: () => Promise.reject(new Error('14 UNAVAILABLE: cards-market is down')),
};

const redeem = (userId: number, code: string, idempotencyKey = '', d: PromoDeps = deps) =>
  redeemPromo(d, { userId, code, idempotencyKey });

const addCode = (def: Parameters<typeof addPromoCode>[1]) => addPromoCode(wallet.database.db, def);

/** Cards a user owns in cards-market, with their player's rarity. */
async function cardsOf(userId: number) {
  return (await cards.database
    .db('cards as k')
    .join('players as p', 'p.id', 'k.player_id')
    .where({ 'k.owner_id': userId })
    .orderBy('k.id')
    .select('k.id', 'k.player_id', 'k.origin', 'p.rarity')) as {
    id: number;
    player_id: number;
    origin: string;
    rarity: string;
  }[];
}

async function redeemedEvents(userId: number) {
  const rows = (await wallet.database
    .db('outbox')
    .where({ topic: 'wallet.promo.redeemed', key: String(userId) })
    .orderBy('id')
    .select('payload')) as { payload: Uint8Array }[];
  return rows.map((r) => decodeEvent('wallet.promo.redeemed', r.payload));
}

beforeAll(async () => {
  cards = await startTestService(cardsMarketService);
  wallet = await startTestService(walletService, {
    env: { WELCOME_COINS: '0', DEMO_PROMO_CODES: 'true' },
    peers: { 'cards-market': cards.service.address },
  });
  client = createPromiseClient<WalletDefinition>(
    SERVICES['wallet-payments'].definition(),
    wallet.service.address,
  );
  peers = createPeers({ 'cards-market': cards.service.address });
  minter = cardMinter(peers.cards);
  deps = promoDeps(wallet.database.db, minter);
});
afterAll(async () => {
  client?.close();
  peers?.close();
  await wallet?.stop();
  await cards?.stop();
});

describe('promo codes', () => {
  it('seeds the demo codes with DEMO_PROMO_CODES=true', async () => {
    const rows = (await wallet.database.db('promo_codes').orderBy('code').select('code')) as {
      code: string;
    }[];
    expect(rows.map((r) => r.code)).toEqual(DEMO_PROMO_CODES.map((c) => c.code).sort());
  });

  it('WELCOME2026 grants 5,000 coins once per user, whatever the case and spaces', async () => {
    const first = await client.RedeemPromo({ userId: 1, code: '  welcome2026 ', idempotencyKey: 'r1' });
    expect(first).toEqual({
      success: true,
      message: PROMO_REDEEMED,
      reward: { coins: 5_000, cardId: 0, packs: [], generatedCardIds: [] },
      redemptionId: expect.any(Number),
      coins: 5_000,
    });
    // The same request retried answers the same redemption; a new request is "already redeemed".
    expect(await client.RedeemPromo({ userId: 1, code: 'WELCOME2026', idempotencyKey: 'r1' })).toEqual(first);
    expect(await client.RedeemPromo({ userId: 1, code: 'Welcome2026', idempotencyKey: 'r2' })).toMatchObject({
      success: false,
      message: PROMO_ALREADY_REDEEMED,
      coins: 5_000,
    });
    expect((await client.GetBalance({ userId: 1 })).coins).toBe(5_000);
    expect(await redeemedEvents(1)).toEqual([
      expect.objectContaining({
        redemptionId: first.redemptionId,
        userId: 1,
        code: 'WELCOME2026',
        coins: 5_000,
        cardIds: [],
      }),
    ]);
    const [entry] = (await client.ListLedgerEntries({ account: 'user:1' })).entries;
    expect(entry).toMatchObject({
      amount: 5_000,
      reason: 'promo',
      idempotencyKey: `promo:${first.redemptionId}`,
    });
  });

  it('answers unknown, expired and exhausted codes with the reason, and an empty one INVALID_ARGUMENT', async () => {
    expect(await redeem(2, 'NOPE')).toMatchObject({
      success: false,
      message: PROMO_NOT_FOUND,
      redemptionId: 0,
    });
    expect(await redeem(2, 'x'.repeat(500))).toMatchObject({ success: false, message: PROMO_NOT_FOUND });
    expect(await redeem(2, 'expired2025')).toMatchObject({ success: false, message: PROMO_EXPIRED });

    await addCode({ code: 'TWOONLY', coins: 10, maxRedemptions: 2 });
    expect(await redeem(2, 'TWOONLY')).toMatchObject({ success: true });
    expect(await redeem(3, 'TWOONLY')).toMatchObject({ success: true });
    expect(await redeem(4, 'TWOONLY')).toMatchObject({ success: false, message: PROMO_EXHAUSTED });
    expect(await redeem(2, 'TWOONLY')).toMatchObject({ success: false, message: PROMO_ALREADY_REDEEMED });

    await expect(client.RedeemPromo({ userId: 2, code: '   ' })).rejects.toEqual(
      expect.objectContaining({ code: status.INVALID_ARGUMENT, details: 'Promo code is required' }),
    );
    expect((await getBalance(deps, 4)).coins).toBe(0);
    await expectLedgerOk(deps);
  });

  it('an expiry is checked against the clock', async () => {
    const clock = fixedClock('2026-06-01T12:00:00Z');
    await addCode({ code: 'SUMMER', coins: 100, expiresAt: new Date('2026-06-30T00:00:00Z') });
    const timed = promoDeps(wallet.database.db, minter, clock);
    expect(await redeem(5, 'SUMMER', '', timed)).toMatchObject({ success: true });
    clock.set('2026-06-30T00:00:00Z');
    expect(await redeem(6, 'SUMMER', '', timed)).toMatchObject({ success: false, message: PROMO_EXPIRED });
  });

  it('RAREPACK mints one Rare Pack for the user through cards-market', async () => {
    const result = await client.RedeemPromo({ userId: 7, code: 'rarepack', idempotencyKey: 'rp' });
    expect(result).toMatchObject({
      success: true,
      message: PROMO_REDEEMED,
      reward: { coins: 0, cardId: 0, packs: [{ packId: 2, name: 'Rare Pack', quantity: 1 }] },
    });
    const owned = await cardsOf(7);
    expect(owned).toHaveLength(4); // the Rare Pack holds four cards
    expect(result.reward!.generatedCardIds).toEqual(owned.map((c) => c.id));
    expect(owned.every((c) => c.origin === 'promo')).toBe(true);
    expect((await redeemedEvents(7))[0]!.cardIds).toEqual(owned.map((c) => c.id));
  });

  it('LEGEND mints one Legendary card; KICKOFF 2,500 coins and three Rare cards', async () => {
    const legend = await redeem(8, 'LEGEND');
    expect(legend.reward!.generatedCardIds).toHaveLength(1);
    expect((await cardsOf(8)).map((c) => c.rarity)).toEqual(['Legendary']);

    const kickoff = await redeem(9, 'KICKOFF');
    expect(kickoff).toMatchObject({ success: true, coins: 2_500, reward: { coins: 2_500 } });
    expect((await cardsOf(9)).map((c) => c.rarity)).toEqual(['Rare', 'Rare', 'Rare']);
  });

  it('a single-card reward is that player, listed apart from the other cards', async () => {
    const player = (await cards.database
      .db('players')
      .where({ rarity: 'Epic' })
      .orderBy('id')
      .first('id')) as {
      id: number;
    };
    await addCode({
      code: 'STAR',
      cardPlayerId: player.id,
      packs: [{ packId: 1, name: 'Common Pack', quantity: 2 }],
      generated: { count: 1, rarity: 'Common' },
    });
    const result = await redeem(10, 'STAR');
    const owned = await cardsOf(10);
    expect(owned).toHaveLength(1 + 2 * 3 + 1);
    expect(owned.find((c) => c.id === result.reward!.cardId)?.player_id).toBe(player.id);
    expect(result.reward!.generatedCardIds).toEqual(
      owned.filter((c) => c.id !== result.reward!.cardId).map((c) => c.id),
    );
  });

  it('10 parallel redemptions by one user give exactly one reward', async () => {
    const pools = [deps, ...Array.from({ length: 3 }, () => promoDeps(wallet.database.connect(), minter))];
    await Promise.all(pools.flatMap((p) => Array.from({ length: 8 }, () => p.db.raw('select 1'))));
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => redeem(11, 'KICKOFF', `parallel-${i}`, pools[i % pools.length]!)),
    );
    expect(results.filter((r) => r.success)).toHaveLength(1);
    expect(results.filter((r) => !r.success).map((r) => r.message)).toEqual(
      Array(9).fill(PROMO_ALREADY_REDEEMED),
    );
    expect((await getBalance(deps, 11)).coins).toBe(2_500);
    expect(await cardsOf(11)).toHaveLength(3);
    expect(await wallet.database.db('promo_redemptions').where({ user_id: 11 })).toHaveLength(1);
    expect(await redeemedEvents(11)).toHaveLength(1);
    await expectLedgerOk(deps);
  });

  it('a failed mint keeps the redemption; the sweeper delivers the cards exactly once', async () => {
    const clock = fixedClock('2026-03-02T15:00:00Z');
    const broken = promoDeps(wallet.database.db, down, clock);
    const result = await redeem(12, 'KICKOFF', 'k12', broken);
    // The coins are there at once; the cards follow.
    expect(result).toMatchObject({
      success: true,
      message: PROMO_CARDS_PENDING,
      coins: 2_500,
      reward: { coins: 2_500, generatedCardIds: [] },
    });
    const pending = await wallet.database.db('promo_redemptions').where({ id: result.redemptionId }).first();
    expect(pending).toMatchObject({ mint_status: 'pending', mint_attempts: 1 });
    expect(await cardsOf(12)).toEqual([]);
    expect(await redeemedEvents(12)).toEqual([]);

    // Still down at the next sweep: still pending, retried later.
    clock.advance(60_000);
    expect(await sweepPromoMints(broken)).toBe(0);
    // A sweep before the retry time leaves it alone.
    const healthy = promoDeps(wallet.database.db, minter, clock);
    expect(await sweepPromoMints(healthy)).toBe(0);
    // Due now. On a loaded machine the mint can outlast its deadline once: the sweeper retries it
    // later with the same key, and it is still delivered once.
    let delivered = 0;
    for (let sweep = 0; sweep < 5 && delivered === 0; sweep++) {
      clock.advance(60 * 60_000);
      delivered = await sweepPromoMints(healthy);
    }
    expect(delivered).toBe(1);
    clock.advance(60 * 60_000);
    expect(await sweepPromoMints(healthy)).toBe(0);

    const owned = await cardsOf(12);
    expect(owned).toHaveLength(3);
    // The request retried now answers the delivered cards.
    expect(await redeem(12, 'KICKOFF', 'k12', healthy)).toMatchObject({
      success: true,
      message: PROMO_REDEEMED,
      reward: { generatedCardIds: owned.map((c) => c.id) },
    });
    expect(await redeemedEvents(12)).toEqual([expect.objectContaining({ cardIds: owned.map((c) => c.id) })]);
    expect((await getBalance(deps, 12)).coins).toBe(2_500);
    await expectLedgerOk(deps);
  });

  it('minting the same redemption twice at once (request and sweeper) mints once', async () => {
    const broken = promoDeps(wallet.database.db, down);
    const { redemptionId } = await redeem(13, 'RAREPACK', '', broken);
    const row = await wallet.database.db('promo_redemptions').where({ id: redemptionId }).first();
    const second = promoDeps(wallet.database.connect(), minter);
    const [a, b] = await Promise.allSettled([mintReward(deps, row), mintReward(second, row)]);
    // cards-market answers the loser of its key race with an error or the same cards: either way one set.
    const done = [a, b].filter((r) => r.status === 'fulfilled' && r.value.mint_status === 'done');
    expect(done.length).toBeGreaterThanOrEqual(1);
    if (
      (await wallet.database.db('promo_redemptions').where({ id: redemptionId }).first()).mint_status !==
      'done'
    )
      await mintReward(deps, row);
    // And once more, long after: the key returns the same cards.
    const again = await minter.mint({
      idempotencyKey: `promo:${redemptionId}`,
      userId: 13,
      reason: 'promo',
      reference: '',
      specs: [{ packId: 2 }],
    });
    const owned = await cardsOf(13);
    expect(owned).toHaveLength(4);
    expect(again).toEqual(owned.map((c) => c.id));
    expect(await redeemedEvents(13)).toHaveLength(1);
  });
});
