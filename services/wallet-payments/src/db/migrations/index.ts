import type { Migration } from '@touchline/kit';
import { ledger } from './001_ledger';
import { payments } from './002_payments';
import { promo } from './003_promo';

/** The wallet schema, in order. */
export const migrations: Migration[] = [ledger, payments, promo];
