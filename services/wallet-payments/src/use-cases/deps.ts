import type { Knex } from 'knex';
import type { Clock, Logger, Outbox } from '@touchline/kit';

export interface WalletDeps {
  db: Knex;
  outbox: Outbox;
  clock: Clock;
  logger: Logger;
  /** WELCOME_COINS: granted once per new user. */
  welcomeCoins: number;
}
