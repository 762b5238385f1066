import { intervalJob, type BackgroundJob } from '@touchline/kit';
import type { LiveCalls } from './live/live-calls';
import type { NotificationsDeps } from './use-cases/deps';

/** The keep-alive of the Live calls (one per gateway process). */
export function notificationsJobs(deps: NotificationsDeps, calls: LiveCalls): BackgroundJob[] {
  const { config, logger } = deps;
  return [
    intervalJob(
      'live-keepalive',
      config.NOTIFICATIONS_STREAM_KEEPALIVE_MS,
      () => Promise.resolve(calls.keepAlive()),
      logger,
    ),
  ];
}
