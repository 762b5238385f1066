import { randomUUID } from 'node:crypto';
import {
  createPromiseClient,
  fixedClock,
  InProcessBus,
  Outbox,
  systemRandom,
  type PromiseClient,
} from '@touchline/kit';
import { silentLogger, startTestService, testServiceConfig } from '@touchline/kit/testing';
import { cardsMarketService } from '@touchline/cards-market';
import { decodeEvent, SERVICES, type EventOutput, type Topic } from '@touchline/protos';
import type { CardsMarketDefinition } from '@touchline/protos/gen/touchline/cards_market/CardsMarket';
import type { MatchdayDefinition } from '@touchline/protos/gen/touchline/matchday/Matchday';
import type { WalletDefinition } from '@touchline/protos/gen/touchline/wallet/Wallet';
import { walletService } from '@touchline/wallet-payments';
import { importFeed } from '../src/feed/import';
import { rosterLoader } from '../src/feed/roster';
import { simulatedFeed } from '../src/feed/simulated';
import { createPeers } from '../src/peers';
import { matchdayService } from '../src/service';
import type { MatchdayDeps } from '../src/use-cases/deps';

/** Matchday 0 opens at 19:00 and locks at 20:00 (a cycle of an hour); its results come at 20:10. */
export const ANCHOR = '2026-11-29T20:00:00.000Z';
export const BEFORE_KICKOFF = '2026-11-29T19:30:00.000Z';
export const AFTER_KICKOFF = '2026-11-29T20:01:00.000Z';
export const AFTER_RESULTS = '2026-11-29T20:11:00.000Z';
export const SEED = 'matchday-test-seed';

export const ENV = {
  MATCHDAY_ANCHOR: ANCHOR,
  MATCHDAY_CYCLE_MS: '3600000',
  MATCHDAY_RESULTS_DELAY_MS: '600000',
  MATCH_SEED: SEED,
  // The sweeper stays out of the way: tests run it by hand.
  MATCHDAY_SWEEP_MS: '3600000',
  HOLD_STUCK_AFTER_MS: '1000',
};

/**
 * The real services a lineup touches: the wallet (rewards), cards-market (the catalog, cards and
 * card holds) and matchday with a pinned clock, on one in-process bus.
 */
export async function startMatchday(options: { env?: Record<string, string> } = {}) {
  const bus = new InProcessBus(silentLogger);
  const clock = fixedClock(BEFORE_KICKOFF);
  const wallet = await startTestService(walletService, { bus, env: { WELCOME_COINS: '0' } });
  const cards = await startTestService(cardsMarketService, {
    bus,
    env: { MARKET_HOURS: 'always' },
    peers: { 'wallet-payments': wallet.service.address },
  });
  const addresses = { 'cards-market': cards.service.address, 'wallet-payments': wallet.service.address };
  const env = { ...ENV, ...options.env };
  const matchday = await startTestService(matchdayService, { bus, clock, env, peers: addresses });
  const client: PromiseClient<MatchdayDefinition> = createPromiseClient<MatchdayDefinition>(
    SERVICES.matchday.definition(),
    matchday.service.address,
    { defaultTimeoutMs: 20_000 },
  );
  const cardsClient = createPromiseClient<CardsMarketDefinition>(
    SERVICES['cards-market'].definition(),
    cards.service.address,
    { defaultTimeoutMs: 20_000 },
  );
  const walletClient = createPromiseClient<WalletDefinition>(
    SERVICES['wallet-payments'].definition(),
    wallet.service.address,
  );
  const peers = createPeers(addresses);
  const config = testServiceConfig(matchdayService, env) as MatchdayDeps['config'];
  const roster = rosterLoader({ cards: peers.cards, timeoutMs: 20_000 });
  let nextUser = 5000;
  // Each card given is of a player not given before: a lineup fields a player once.
  const takenPlayers = new Set<number>();

  const h = {
    clock,
    wallet,
    cards,
    matchday,
    client,
    cardsClient,
    walletClient,
    /** Use-case dependencies on matchday's database, for running the sweeper's steps by hand. */
    deps(overrides: Partial<MatchdayDeps> = {}): MatchdayDeps {
      return {
        db: matchday.database.db,
        outbox: new Outbox(clock, systemRandom),
        clock,
        random: systemRandom,
        logger: silentLogger,
        config,
        schedule: { anchor: new Date(ANCHOR), cycleMs: 3_600_000, resultsDelayMs: 600_000 },
        feed: async () =>
          config.MATCH_FEED === 'import'
            ? importFeed(matchday.database.db)
            : simulatedFeed({ key: SEED, roster }),
        roster,
        cards: peers.cards,
        wallet: peers.wallet,
        ...overrides,
      };
    },
    user: () => ++nextUser,
    /** Market-owned cards of the given positions handed to the user, one each, in order. */
    async giveCards(userId: number, positions: string[], rarity = 'Common'): Promise<number[]> {
      const ids: number[] = [];
      for (const position of positions) {
        const row = (await cards.database
          .db('cards as k')
          .join('players as p', 'p.id', 'k.player_id')
          .where({ 'k.owner_id': 0, 'p.position': position, 'p.rarity': rarity })
          .whereNull('k.reserved_by')
          .whereNull('k.hold_key')
          .whereNotIn('k.player_id', [...takenPlayers])
          .orderBy('k.id')
          .first('k.id', 'k.player_id')) as { id: number | string; player_id: number | string };
        const id = Number(row.id);
        takenPlayers.add(Number(row.player_id));
        await cards.database.db('cards').where({ id }).update({ owner_id: userId, purchase_price: 100 });
        ids.push(id);
      }
      return ids;
    },
    /** A lineup's five cards: goalkeeper, defender, midfielder, forward, forward. */
    lineupCards: (userId: number, rarity = 'Common') =>
      h.giveCards(userId, ['Goalkeeper', 'Defender', 'Midfielder', 'Forward', 'Forward'], rarity),
    async open() {
      return (await client.GetMatchday({ userId: 0, matchdayId: 0 })).matchday!;
    },
    async field(userId: number, cardIds: number[], captain = cardIds[0]!, key = randomUUID()) {
      const matchday = await h.open();
      return client.SetLineup({
        userId,
        matchdayId: matchday.id,
        cardIds,
        captainCardId: captain,
        idempotencyKey: key,
      });
    },
    async sell(userId: number, cardId: number) {
      const card = (await cardsClient.GetCardsByIds({ cardIds: [cardId] })).cards[0]!;
      return cardsClient.SellCard({
        userId,
        cardId,
        price: card.player!.currentPrice,
        idempotencyKey: randomUUID(),
      });
    },
    async heldKey(cardId: number): Promise<string | null> {
      const row = (await cards.database.db('cards').where({ id: cardId }).first('hold_key')) as {
        hold_key: string | null;
      };
      return row.hold_key;
    },
    async events<T extends Topic>(topic: T): Promise<EventOutput<T>[]> {
      const rows = (await matchday.database
        .db('outbox')
        .where({ topic })
        .orderBy('id')
        .select('payload')) as {
        payload: Uint8Array;
      }[];
      return rows.map((row) => decodeEvent(topic, row.payload));
    },
    async balance(userId: number): Promise<number> {
      return Number((await walletClient.GetBalance({ userId })).coins);
    },
    async postings(key: string): Promise<number> {
      return (await wallet.database.db('transactions').where({ idempotency_key: key })).length;
    },
    async stop(): Promise<void> {
      client.close();
      cardsClient.close();
      walletClient.close();
      peers.close();
      await matchday.stop();
      await cards.stop();
      await wallet.stop();
    },
  };
  return h;
}

export type MatchdayHarness = Awaited<ReturnType<typeof startMatchday>>;

export { failure } from '@touchline/kit/testing';
