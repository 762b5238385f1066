import type { Migration } from '@touchline/kit';
import { auditAndExchanges } from './001_audit_exchanges';

/** The admin schema, in order. */
export const migrations: Migration[] = [auditAndExchanges];
