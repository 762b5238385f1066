import { intervalJob, type BackgroundJob } from '@touchline/kit';
import type { FeedHub } from './streams/hub';
import type { NotificationsDeps } from './use-cases/deps';

/** The poll that catches lost signals, and the keep-alive of idle streams. */
export function notificationsJobs(deps: NotificationsDeps, hub: FeedHub): BackgroundJob[] {
  const { config, logger } = deps;
  return [
    intervalJob('feed-poll', config.NOTIFICATIONS_POLL_MS, () => hub.poll(), logger),
    intervalJob(
      'stream-keepalive',
      config.NOTIFICATIONS_STREAM_KEEPALIVE_MS,
      () => Promise.resolve(hub.keepAlive()),
      logger,
    ),
  ];
}
