import { z } from 'zod';
import { MAX_AMOUNT } from './domain/validation';

/** Environment variables of wallet-payments on top of kit's base configuration. */
export const walletConfigSchema = z.object({
  // Coins granted from platform:mint on sign-up (design.md section 3); 0 turns the grant off.
  WELCOME_COINS: z.coerce.number().int().min(0).max(MAX_AMOUNT).default(10_000),
});
export type WalletConfig = z.output<typeof walletConfigSchema>;
