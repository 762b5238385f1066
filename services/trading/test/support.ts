import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import {
  createPromiseClient,
  InProcessBus,
  Outbox,
  systemClock,
  systemRandom,
  type PromiseClient,
} from '@touchline/kit';
import {
  eventually as pollUntil,
  silentLogger,
  startTestService,
  type TestService,
} from '@touchline/kit/testing';
import { cardsMarketService } from '@touchline/cards-market';
import { identityService } from '@touchline/identity';
import { decodeEvent, SERVICES, type EventOutput, type Topic } from '@touchline/protos';
import type { TradingDefinition } from '@touchline/protos/gen/touchline/trading/Trading';
import { walletService } from '@touchline/wallet-payments';
import { tradingConfigSchema } from '../src/config';
import { createPeers } from '../src/peers';
import { tradingService } from '../src/service';
import type { TradingDeps } from '../src/use-cases/deps';

export const PASSWORD = 'correct horse battery';

/**
 * The four real services a trade touches, on one event bus (so cards-market's events reach trading
 * as in production), with clients and the helpers the tests share.
 */
export async function startTrading() {
  const bus = new InProcessBus(silentLogger);
  const wallet = await startTestService(walletService, { bus, env: { WELCOME_COINS: '0' } });
  const identity = await startTestService(identityService, { bus });
  const cards = await startTestService(cardsMarketService, {
    bus,
    env: { MARKET_HOURS: 'always' },
    peers: { 'wallet-payments': wallet.service.address },
  });
  const peerAddresses = {
    identity: identity.service.address,
    'cards-market': cards.service.address,
    'wallet-payments': wallet.service.address,
  };
  const trading = await startTestService(tradingService, {
    bus,
    // The background sweeper stays out of the way: tests run it by hand.
    env: { SAGA_SWEEP_INTERVAL_MS: '3600000' },
    peers: peerAddresses,
  });
  const peers = createPeers(peerAddresses);
  const client: PromiseClient<TradingDefinition> = createPromiseClient<TradingDefinition>(
    SERVICES.trading.definition(),
    trading.service.address,
    { defaultTimeoutMs: 20_000 },
  );
  let supplyOffset = 0;

  const h = {
    bus,
    wallet,
    identity,
    cards,
    trading,
    peers,
    client,
    /** The trading use cases' dependencies, for calling a use case directly (sweeper, expiry, faults). */
    deps(overrides: Partial<TradingDeps> = {}): TradingDeps {
      return {
        db: trading.database.db,
        outbox: new Outbox(systemClock, systemRandom),
        clock: systemClock,
        random: systemRandom,
        logger: silentLogger,
        config: tradingConfigSchema.parse({ SAGA_STUCK_AFTER_MS: '1' }),
        ...peers,
        ...overrides,
      };
    },
    /** A registered user's id. */
    async user(local: string): Promise<number> {
      const { user } = await peers.identity.Register({
        email: `${local}@${randomUUID().slice(0, 8)}.example.com`,
        password: PASSWORD,
        idempotencyKey: randomUUID(),
      });
      return user!.id;
    },
    /** Cards from the market's supply handed to the user (as a purchase would), with their prices. */
    async giveCards(
      userId: number,
      count = 1,
      rarity = 'Common',
    ): Promise<{ id: number; price: number; playerId: number }[]> {
      const rows = (await cards.database
        .db('cards as k')
        .join('players as p', 'p.id', 'k.player_id')
        .where({ 'k.owner_id': 0, 'p.rarity': rarity })
        .whereNull('k.reserved_by')
        .orderBy('k.id')
        .offset(supplyOffset)
        .limit(count)
        .select('k.id', 'p.current_price', 'p.id as player_id')) as {
        id: number;
        current_price: number;
        player_id: number;
      }[];
      supplyOffset += count;
      await cards.database
        .db('cards')
        .whereIn(
          'id',
          rows.map((r) => r.id),
        )
        .update({ owner_id: userId, purchase_price: 100 });
      return rows.map((r) => ({ id: r.id, price: r.current_price, playerId: r.player_id }));
    },
    async grant(userId: number, amount: number): Promise<void> {
      await peers.wallet.Grant({ idempotencyKey: randomUUID(), userId, amount, reason: 'test' });
    },
    async balance(userId: number): Promise<{ coins: number; held: number }> {
      const b = await peers.wallet.GetBalance({ userId });
      return { coins: b.coins, held: b.heldCoins };
    },
    async profit(): Promise<number> {
      const row = (await wallet.database
        .db('account_balances')
        .where({ name: 'platform:profit' })
        .first()) as { balance: number } | undefined;
      return row ? Number(row.balance) : 0;
    },
    async ownerOf(cardId: number): Promise<number> {
      const row = (await cards.database.db('cards').where({ id: cardId }).first('owner_id')) as {
        owner_id: number;
      };
      return row.owner_id;
    },
    async holdKeyOf(cardId: number): Promise<string | null> {
      const row = (await cards.database.db('cards').where({ id: cardId }).first('hold_key')) as {
        hold_key: string | null;
      };
      return row.hold_key;
    },
    async offerStatus(offerId: number): Promise<{ status: string; status_reason: string }> {
      return (await trading.database
        .db('trade_offers')
        .where({ id: offerId })
        .first('status', 'status_reason')) as {
        status: string;
        status_reason: string;
      };
    },
    /** The wallet's books balance and no user is negative. */
    async audit(): Promise<void> {
      expect(await peers.wallet.VerifyLedger({})).toMatchObject({
        ok: true,
        total: 0,
        mismatches: [],
        negativeUserAccounts: 0,
      });
    },
    /** Events of one topic in trading's outbox, oldest first. */
    async events<T extends Topic>(topic: T, key?: string): Promise<EventOutput<T>[]> {
      const rows = (await trading.database
        .db('outbox')
        .where(key === undefined ? { topic } : { topic, key })
        .orderBy('id')
        .select('payload')) as { payload: Uint8Array }[];
      return rows.map((row) => decodeEvent(topic, row.payload));
    },
    async stop(): Promise<void> {
      client.close();
      peers.close();
      await trading.stop();
      await cards.stop();
      await identity.stop();
      await wallet.stop();
    },
  };
  return h;
}

export type TradingHarness = Awaited<ReturnType<typeof startTrading>>;

export const key = () => randomUUID();

/** A CreateWish request with no preferences, unless given. */
export const wishRequest = (userId: number, cardId: number, prefs: Record<string, unknown> = {}) => ({
  userId,
  cardId,
  desiredRarity: '',
  desiredPosition: '',
  desiredTeamId: 0,
  minimumCoins: 0,
  notes: '',
  idempotencyKey: key(),
  ...prefs,
});

/** Polls until `check` passes (events travel through the outbox relay asynchronously). */
export const eventually = (check: () => Promise<void>, timeoutMs = 5_000): Promise<void> =>
  pollUntil(check, timeoutMs, 50);

export { failure } from '@touchline/kit/testing';

/** Opens `n` connections of a pool, so racing calls really run at once on Postgres. */
export async function warm(db: TestService['database']['db'], n = 5): Promise<void> {
  await Promise.all(Array.from({ length: n }, () => db.raw('select 1')));
}
