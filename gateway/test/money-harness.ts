import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { InProcessBus } from '@touchline/kit';
import {
  silentLogger,
  startTcpProxy,
  startTestService,
  type TcpProxy,
  type TestService,
} from '@touchline/kit/testing';
import { cardsMarketService } from '@touchline/cards-market';
import { identityService } from '@touchline/identity';
import { walletService } from '@touchline/wallet-payments';
import { createApp } from '../src/app';
import { closeClients, createClients, type Clients } from '../src/clients';
import { UPSTREAMS, type Upstream } from '../src/config';
import { createMemoryStore, type KeyValueStore } from '../src/store';
import { browser, gatewayConfig, PASSWORD, uniqueEmail, UNREACHABLE } from './support';

/**
 * The services behind buying and packs (identity, wallet, cards-market) and the gateway in front.
 * cards-market reaches the wallet through a TCP proxy, so a test can take the wallet down or make
 * it hang in the middle of a saga.
 */
export interface MoneyHarness {
  wallet: TestService;
  cards: TestService;
  identity: TestService;
  /** Between cards-market and the wallet. */
  walletLink: TcpProxy;
  clients: Clients;
  baseUrl: string;
  close(): Promise<void>;
}

export async function startMoneyHarness(cardsEnv: Record<string, string> = {}): Promise<MoneyHarness> {
  const bus = new InProcessBus(silentLogger);
  // Its own PGlite: a test locks a wallet row while the other services must keep answering.
  const wallet = await startTestService(walletService, { bus, env: { WELCOME_COINS: '0' }, ownPglite: true });
  const walletLink = await startTcpProxy(wallet.service.address);
  const identity = await startTestService(identityService, { bus });
  const cards = await startTestService(cardsMarketService, {
    bus,
    env: { MARKET_HOURS: 'always', ...cardsEnv },
    peers: { 'wallet-payments': walletLink.address },
  });
  const running: Partial<Record<Upstream, string>> = {
    identity: identity.service.address,
    'cards-market': cards.service.address,
    'wallet-payments': wallet.service.address,
  };
  const addresses = Object.fromEntries(UPSTREAMS.map((u) => [u, running[u] ?? UNREACHABLE])) as Record<
    Upstream,
    string
  >;
  const clients = createClients(addresses, { defaultTimeoutMs: 20_000 });
  const store: KeyValueStore = createMemoryStore();
  const app = createApp({
    // Many parallel purchases of one player are the point here, not the per-user allowance.
    // 50 requests of one player at once: above the per-user in-flight limit (32), which is the
    // shedding tests' subject, not these races'.
    config: gatewayConfig({ RATE_LIMIT_SCALE: '100', IN_FLIGHT_PER_USER: '1000' }),
    clients,
    addresses,
    store,
    logger: silentLogger,
  });
  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  return {
    wallet,
    cards,
    identity,
    walletLink,
    clients,
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      closeClients(clients);
      await store.close();
      for (const s of [cards, identity]) await s.stop();
      await walletLink.close();
      await wallet.stop();
    },
  };
}

/** A signed-in player with `coins` coins. */
export async function player(h: MoneyHarness, local: string, coins: number) {
  const agent = browser(h.baseUrl);
  const res = await agent.post('/api/register').send({ email: uniqueEmail(local), password: PASSWORD });
  expect(res.status, res.text).toBe(201);
  const { id } = res.body as { id: number };
  if (coins > 0)
    await h.clients.wallet.Grant({ idempotencyKey: randomUUID(), userId: id, amount: coins, reason: 'test' });
  return { agent, id };
}

let taken = 0;
/** Market-owned cards nobody else in this file uses, cheapest players first. */
export async function marketCards(h: MoneyHarness, count: number): Promise<{ id: number; price: number }[]> {
  const rows = (await h.cards.database
    .db('cards as k')
    .join('players as p', 'p.id', 'k.player_id')
    .where({ 'k.owner_id': 0 })
    .whereNull('k.reserved_by')
    .orderBy('p.current_price')
    .orderBy('k.id')
    .offset(taken)
    .limit(count)
    .select('k.id', 'p.current_price')) as { id: number; current_price: number }[];
  taken += count;
  return rows.map((r) => ({ id: r.id, price: Number(r.current_price) }));
}

/** Who owns a card, whether a buy holds it, and its player's price now. */
export async function cardRow(h: MoneyHarness, cardId: number) {
  const row = (await h.cards.database
    .db('cards as k')
    .join('players as p', 'p.id', 'k.player_id')
    .where('k.id', cardId)
    .first('k.owner_id', 'k.reserved_by', 'p.current_price')) as {
    owner_id: number;
    reserved_by: string | null;
    current_price: number;
  };
  return { owner_id: Number(row.owner_id), reserved_by: row.reserved_by, price: Number(row.current_price) };
}

export const coinsOf = async (h: MoneyHarness, userId: number) =>
  (await h.clients.wallet.GetBalance({ userId })).coins;

/** Cards the user got from packs (card ids), from cards-market's own records. */
export async function packCards(h: MoneyHarness, userId: number): Promise<number[]> {
  const rows = (await h.cards.database
    .db('pack_purchases')
    .where({ user_id: userId, state: 'completed' })
    .select('card_ids')) as { card_ids: (number | string)[] }[];
  return rows.flatMap((r) => r.card_ids.map(Number));
}

export async function expectLedgerBalanced(h: MoneyHarness): Promise<void> {
  const verdict = await h.clients.wallet.VerifyLedger({});
  expect(verdict).toMatchObject({ ok: true, total: 0, mismatches: [], negativeUserAccounts: 0 });
}

/** Status counts of a batch of answers, e.g. { 200: 10, 422: 2 }. */
export function tally(statuses: number[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const s of statuses) counts[s] = (counts[s] ?? 0) + 1;
  return counts;
}
