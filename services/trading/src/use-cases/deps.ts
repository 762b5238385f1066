import type { Knex } from 'knex';
import type { Clock, Logger, Outbox, Random } from '@touchline/kit';
import type { TradingConfig } from '../config';
import type { Peers } from '../peers';

export interface TradingDeps extends Peers {
  db: Knex;
  outbox: Outbox;
  clock: Clock;
  random: Random;
  logger: Logger;
  config: TradingConfig;
}
