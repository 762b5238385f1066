import type { Clock, Db, Logger } from '@touchline/kit';
import type { LRUCache } from 'lru-cache';
import type { AdminPeers } from '../peers';

export interface AdminDeps extends Omit<AdminPeers, 'close'> {
  db: Db;
  clock: Clock;
  logger: Logger;
  /** Users' sign-up times by id, for the fraud reports (`signUpTimesCache`). */
  signUpTimes: LRUCache<number, Date>;
}
