import type { Clock, Db, Logger } from '@touchline/kit';
import type { AdminPeers } from '../peers';

export interface AdminDeps extends Omit<AdminPeers, 'close'> {
  db: Db;
  clock: Clock;
  logger: Logger;
}
