import { z } from 'zod';

export const identityConfigSchema = z.object({
  ADMIN_EMAILS: z.string().default(''),
  SESSION_TOKEN_TTL_SECONDS: z.coerce.number().int().min(30).max(86_400).default(900),
  SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  PASSWORD_RESET_TTL_MINUTES: z.coerce.number().int().min(5).max(1_440).default(60),
  /** How long the link that proves an ADMIN_EMAILS address works (once). */
  ADMIN_VERIFICATION_TTL_MINUTES: z.coerce.number().int().min(5).max(10_080).default(1_440),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Touchline <no-reply@touchline.local>'),
});
export type IdentityConfig = z.output<typeof identityConfigSchema>;
