import type { Migration } from '@touchline/kit';
import { missionsSchema } from './001_missions';

/** The missions schema, in order. */
export const migrations: Migration[] = [missionsSchema];
