import type { Clock, Logger, Db } from '@touchline/kit';
import type { LiveChannel } from '../channel';
import type { NotificationsConfig } from '../config';
import type { LivePublisher } from '../live/publisher';
import type { IdentityClient } from '../peers';

export interface NotificationsDeps {
  identity: Pick<IdentityClient, 'GetUsers'>;
  db: Db;
  clock: Clock;
  logger: Logger;
  config: NotificationsConfig;
  channel: LiveChannel;
  live: LivePublisher;
}
