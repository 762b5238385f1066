import type { Clock, Logger, Outbox, Db } from '@touchline/kit';
import type { BoardCache } from '../cache';
import type { LeaderboardConfig } from '../config';

export interface LeaderboardDeps {
  db: Db;
  outbox: Outbox;
  clock: Clock;
  logger: Logger;
  config: LeaderboardConfig;
  cache: BoardCache;
}
