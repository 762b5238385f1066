import type { Knex } from 'knex';
import type { Clock, Logger, Outbox, Random } from '@touchline/kit';
import type { PlayerCache } from '../db/player-cache';
import type { CardsMarketConfig } from '../config';
import type { WalletClient } from '../wallet';

export interface CardsDeps {
  db: Knex;
  outbox: Outbox;
  clock: Clock;
  random: Random;
  logger: Logger;
  players: PlayerCache;
  config: CardsMarketConfig;
  wallet: WalletClient;
}
