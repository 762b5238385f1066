import { z } from 'zod';

/** Environment variables of notifications on top of kit's base configuration (REDIS_URL among them). */
export const notificationsConfigSchema = z.object({
  /** Redis pub/sub channel on which replicas tell each other a user's feed changed. */
  NOTIFICATIONS_CHANNEL: z
    .string()
    .regex(/^[\w:.-]{1,100}$/, 'letters, digits and : . _ - only')
    .default('touchline:notifications'),
  /**
   * How often a replica checks Postgres for notifications its open streams have not had: the safety
   * net for a signal that never arrived (pub/sub is at-most-once, a writer can die after committing).
   */
  NOTIFICATIONS_POLL_MS: z.coerce.number().int().positive().default(5_000),
  /** How often an idle stream gets a message (the unread count), so proxies do not close it. */
  NOTIFICATIONS_STREAM_KEEPALIVE_MS: z.coerce.number().int().positive().default(25_000),
});
export type NotificationsConfig = z.output<typeof notificationsConfigSchema>;
