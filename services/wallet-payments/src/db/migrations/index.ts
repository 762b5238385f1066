import type { Migration } from '@touchline/kit';
import { ledger } from './001_ledger';

/** The wallet schema, in order. */
export const migrations: Migration[] = [ledger];
