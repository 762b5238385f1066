import type { Clock, Db, Logger, Outbox, Random } from '@touchline/kit';
import type { PlayerCache } from '../db/player-cache';
import type { PriceKey } from '../domain/price-draw';
import type { CardsMarketConfig } from '../config';
import type { WalletClient } from '../peers';

export interface CardsDeps {
  db: Db;
  outbox: Outbox;
  clock: Clock;
  random: Random;
  logger: Logger;
  players: PlayerCache;
  config: CardsMarketConfig;
  /** The price engine's secret, resolved at start (src/price-seed.ts). */
  priceKey: PriceKey;
  wallet: WalletClient;
}
