import type { Clock, Logger, Db } from '@touchline/kit';
import type { NotificationsConfig } from '../config';
import type { IdentityClient } from '../peers';
import type { FeedSignals } from '../signals';

export interface NotificationsDeps {
  identity: Pick<IdentityClient, 'GetUsers'>;
  db: Db;
  clock: Clock;
  logger: Logger;
  config: NotificationsConfig;
  signals: FeedSignals;
}
