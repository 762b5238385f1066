import type { Migration } from '@touchline/kit';
import { ledger } from './001_ledger';
import { payments } from './002_payments';
import { promo } from './003_promo';
import { cashoutAndSpending } from './004_cashout_spending';
import { paymentMode } from './005_payment_mode';
import { rejectionReason } from './006_rejection_reason';
import { confirmKey } from './007_confirm_key';
import { intentLimit } from './008_intent_limit';
import { reviewHolds } from './009_review_holds';
import { platformBalanceChanges } from './010_platform_balance_changes';

/** The wallet schema, in order. */
export const migrations: Migration[] = [
  ledger,
  payments,
  promo,
  cashoutAndSpending,
  paymentMode,
  rejectionReason,
  confirmKey,
  intentLimit,
  reviewHolds,
  platformBalanceChanges,
];
