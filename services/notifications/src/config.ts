import { z } from 'zod';

/** Environment variables of notifications on top of kit's base configuration (REDIS_URL among them). */
export const notificationsConfigSchema = z.object({
  /** Redis pub/sub channel on which the replicas share the live changes (new notifications among them). */
  NOTIFICATIONS_CHANNEL: z
    .string()
    .regex(/^[\w:.-]{1,100}$/, 'letters, digits and : . _ - only')
    .default('touchline:notifications'),
  /** How often an idle Live call (one per gateway process) gets an empty message, so proxies do not close it. */
  NOTIFICATIONS_STREAM_KEEPALIVE_MS: z.coerce.number().int().positive().default(25_000),
});
export type NotificationsConfig = z.output<typeof notificationsConfigSchema>;
