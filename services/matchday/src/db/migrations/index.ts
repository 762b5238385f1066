import type { Migration } from '@touchline/kit';
import { matchdaySchema } from './001_matchday';

/** The matchday schema, in order. */
export const migrations: Migration[] = [matchdaySchema];
