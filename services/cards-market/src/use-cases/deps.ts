import type { Clock, Db, Logger, Outbox, Random } from '@touchline/kit';
import type { PlayerCache } from '../db/player-cache';
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
  wallet: WalletClient;
}
