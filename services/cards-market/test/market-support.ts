/**
 * cards-market with a real wallet as its peer, for the tests that list, buy and charge fees through
 * the use cases (market.test.ts, listing-fee.test.ts).
 */
import { Outbox, systemRandom, type Clock } from '@touchline/kit';
import { silentLogger, startTestService, type TestService } from '@touchline/kit/testing';
import { walletService } from '@touchline/wallet-payments';
import { cardsMarketConfigSchema } from '../src/config';
import { PlayerCache } from '../src/db/player-cache';
import { createPeers, type WalletClient } from '../src/peers';
import { cardsMarketService } from '../src/service';
import type { CardsDeps } from '../src/use-cases/deps';
import { runDueTick } from '../src/use-cases/prices';

const MARKET_TEST_PRICE_KEY = 'touchline';

export interface MarketWithWallet {
  cards: TestService;
  /** A client of the wallet (no welcome coins: a test grants what it needs). */
  walletClient: WalletClient;
  stop(): Promise<void>;
}

/** The wallet, then cards-market on `clock` with `env`, the wallet as its peer. */
export async function startMarketWithWallet(
  clock: Clock,
  env: Record<string, string>,
): Promise<MarketWithWallet> {
  const wallet = await startTestService(walletService, { env: { WELCOME_COINS: '0' } });
  const walletClient = createPeers({ 'wallet-payments': wallet.service.address }).wallet;
  const cards = await startTestService(cardsMarketService, {
    clock,
    // The service ticks with the key marketDeps gives the use cases: a tick is then the same
    // whichever of them computes it.
    env: { PRICE_SEED: MARKET_TEST_PRICE_KEY, ...env },
    peers: { 'wallet-payments': wallet.service.address },
  });
  const market: MarketWithWallet = {
    cards,
    walletClient,
    async stop() {
      walletClient.close();
      await cards.stop();
      await wallet.stop();
    },
  };
  // The service runs the due tick once as it starts, in the background: settle it here (the tick's
  // lock and claim make this a wait, or the tick itself), so no test reads a price it then moves.
  await runDueTick(marketDeps(market, clock, env));
  return market;
}

/**
 * The use cases' dependencies on the market's database, with `config` (cards-market's env) and no
 * player cache: every read sees the price a concurrent tick just wrote.
 */
export function marketDeps(
  market: MarketWithWallet,
  clock: Clock,
  config: Record<string, string>,
  overrides: Partial<CardsDeps> = {},
): CardsDeps {
  const db = market.cards.database.db;
  return {
    db,
    outbox: new Outbox(clock, systemRandom),
    clock,
    random: systemRandom,
    logger: silentLogger,
    config: cardsMarketConfigSchema.parse(config),
    // A fixed key: the tick tests compute the prices they expect with it.
    priceKey: MARKET_TEST_PRICE_KEY,
    wallet: market.walletClient,
    players: new PlayerCache(db, clock, 0),
    ...overrides,
  };
}
