import type { Migration } from '@touchline/kit';
import { auditAndExchanges } from './001_audit_exchanges';
import { fraudReview } from './002_fraud_review';
import { auditSubjectAndPayouts } from './003_audit_subject_payouts';

/** The admin schema, in order. */
export const migrations: Migration[] = [auditAndExchanges, fraudReview, auditSubjectAndPayouts];
