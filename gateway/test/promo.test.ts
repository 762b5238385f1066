import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger, startTestService, type TestService } from '@touchline/kit/testing';
import { cardsMarketService } from '../../services/cards-market/src/service';
import { identityService } from '../../services/identity/src/service';
import { walletService } from '../../services/wallet-payments/src/service';
import { addPromoCode } from '../../services/wallet-payments/test/promo-support';
import { createApp } from '../src/app';
import { closeClients, createClients, type Clients } from '../src/clients';
import { UPSTREAMS, type Upstream } from '../src/config';
import { TOO_MANY } from '../src/middleware/rate-limit';
import { createMemoryStore, type KeyValueStore } from '../src/store';
import { expectError, gatewayConfig, PASSWORD, randomIp, uniqueEmail, UNREACHABLE } from './support';

/** POST /api/promo/redeem through the gateway, with identity, cards-market and the wallet behind it. */

let identity: TestService;
let cards: TestService;
let wallet: TestService;
let clients: Clients;
let store: KeyValueStore;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  identity = await startTestService(identityService);
  cards = await startTestService(cardsMarketService);
  wallet = await startTestService(walletService, {
    env: { WELCOME_COINS: '0', DEMO_PROMO_CODES: 'true' },
    peers: { 'cards-market': cards.service.address },
  });
  const addresses = Object.fromEntries(UPSTREAMS.map((name) => [name, UNREACHABLE])) as Record<
    Upstream,
    string
  >;
  addresses.identity = identity.service.address;
  addresses['cards-market'] = cards.service.address;
  addresses['wallet-payments'] = wallet.service.address;
  clients = createClients(addresses, { defaultTimeoutMs: 5_000 });
  store = createMemoryStore();
  app = createApp({ config: gatewayConfig(), clients, addresses, store, logger: silentLogger });
});
afterAll(async () => {
  if (clients) closeClients(clients);
  await store?.close();
  await wallet?.stop();
  await cards?.stop();
  await identity?.stop();
});

async function signedUp(ip = randomIp()) {
  const agent = request.agent(app).set('X-Forwarded-For', ip);
  const res = await agent.post('/api/register').send({ email: uniqueEmail('promo'), password: PASSWORD });
  expect(res.status, res.text).toBe(201);
  return agent;
}
type Agent = Awaited<ReturnType<typeof signedUp>>;

const redeem = (agent: Agent, code: unknown) => agent.post('/api/promo/redeem').send({ code });

const addCode = (def: Parameters<typeof addPromoCode>[1]) => addPromoCode(wallet.database.db, def);

describe('POST /api/promo/redeem', () => {
  it('redeems WELCOME2026 once: 5,000 coins, then "already redeemed" as a 200 refusal', async () => {
    const agent = await signedUp();
    const res = await redeem(agent, ' welcome2026 ');
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({
      success: true,
      message: 'Promo code redeemed!',
      reward: { coins: 5_000, card: null, packs: [], generatedCards: [] },
      coins: 5_000,
    });
    expect((await agent.get('/api/user/balance')).body).toEqual({ coins: 5_000, heldCoins: 0 });
    const again = await redeem(agent, 'WELCOME2026');
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ success: false, message: 'You have already redeemed this code' });
    expect((await agent.get('/api/user/balance')).body).toEqual({ coins: 5_000, heldCoins: 0 });
  });

  it('answers unknown, expired and exhausted codes with their reason; an empty code is 400', async () => {
    const agent = await signedUp();
    expect((await redeem(agent, 'NOT-A-CODE')).body).toEqual({
      success: false,
      message: 'Promo code not found',
    });
    expect((await redeem(agent, 'EXPIRED2025')).body).toEqual({
      success: false,
      message: 'This promo code has expired',
    });
    await addCode({ code: 'ONCEONLY', coins: 50, maxRedemptions: 1 });
    expect((await redeem(agent, 'onceonly')).body).toMatchObject({ success: true });
    expect((await redeem(await signedUp(), 'ONCEONLY')).body).toEqual({
      success: false,
      message: 'This promo code has been fully redeemed',
    });
    expectError(await redeem(agent, '   '), 400, 'Promo code is required');
    expectError(await agent.post('/api/promo/redeem').send({}), 400, 'Promo code is required');
    expectError(await request(app).post('/api/promo/redeem').send({ code: 'WELCOME2026' }), 401);
  });

  it('RAREPACK answers the pack and its four cards in full', async () => {
    const agent = await signedUp();
    const res = await redeem(agent, 'RAREPACK');
    expect(res.body).toMatchObject({
      success: true,
      reward: { coins: 0, card: null, packs: [{ name: 'Rare Pack', quantity: 1 }] },
    });
    const generated = (
      res.body as { reward: { generatedCards: { id: number; player: { name: string; rarity: string } }[] } }
    ).reward.generatedCards;
    expect(generated).toHaveLength(4);
    for (const card of generated)
      expect(card.player).toMatchObject({
        name: expect.any(String),
        position: expect.any(String),
        rarity: expect.any(String),
      });
    // They are the user's cards now.
    const owned = (await cards.database
      .db('cards')
      .where({ owner_id: (await agent.get('/api/user')).body.id })
      .select('id')) as {
      id: number;
    }[];
    expect(owned.map((c) => c.id).sort()).toEqual(generated.map((c) => c.id).sort());
  });

  it('a single-card reward comes back as the card', async () => {
    const player = (await cards.database
      .db('players')
      .where({ rarity: 'Legendary' })
      .orderBy('id')
      .first('id', 'name')) as {
      id: number;
      name: string;
    };
    await addCode({ code: 'ONECARD', coins: 250, cardPlayerId: player.id });
    const res = await redeem(await signedUp(), 'onecard');
    expect(res.body).toMatchObject({
      success: true,
      reward: {
        coins: 250,
        card: { player: { id: player.id, name: player.name, rarity: 'Legendary' } },
        generatedCards: [],
      },
      coins: 250,
    });
  });

  it('10 parallel redemptions by one user: one reward', async () => {
    const agent = await signedUp();
    const responses = await Promise.all(Array.from({ length: 10 }, () => redeem(agent, 'KICKOFF')));
    expect(responses.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(responses.filter((r) => (r.body as { success: boolean }).success)).toHaveLength(1);
    expect((await agent.get('/api/user/balance')).body).toEqual({ coins: 2_500, heldCoins: 0 });
    expect(await clients.wallet.VerifyLedger({})).toMatchObject({ ok: true, total: 0 });
  });

  it('guessing is rate limited: the 11th try in 10 minutes is 429', async () => {
    const agent = await signedUp();
    for (let i = 0; i < 10; i++) expect((await redeem(agent, `GUESS${i}`)).status).toBe(200);
    const limited = await redeem(agent, 'GUESS10');
    expectError(limited, 429, TOO_MANY);
    expect(limited.headers['retry-after']).toBeDefined();
    // Another user (on another address) is not affected.
    expect((await redeem(await signedUp(), 'GUESS11')).status).toBe(200);
  });

  it('many accounts from one address are limited too', async () => {
    const ip = randomIp();
    const statuses: number[] = [];
    for (let a = 0; a < 4; a++) {
      const agent = await signedUp(ip);
      for (let i = 0; i < 9; i++) statuses.push((await redeem(agent, `IPGUESS${a}${i}`)).status);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(30);
    expect(statuses.filter((s) => s === 429)).toHaveLength(6);
  });
});
