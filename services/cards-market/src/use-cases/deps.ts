import type { Knex } from 'knex';
import type { Clock, Logger, Outbox, Random } from '@touchline/kit';

export interface CardsDeps {
  db: Knex;
  outbox: Outbox;
  clock: Clock;
  random: Random;
  logger: Logger;
}
