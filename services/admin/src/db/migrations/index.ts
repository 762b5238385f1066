import type { Migration } from '@touchline/kit';
import { auditAndExchanges } from './001_audit_exchanges';
import { fraudReview } from './002_fraud_review';

/** The admin schema, in order. */
export const migrations: Migration[] = [auditAndExchanges, fraudReview];
