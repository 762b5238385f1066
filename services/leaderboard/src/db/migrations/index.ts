import type { Migration } from '@touchline/kit';
import { projection } from './001_projection';

/** The leaderboard schema, in order. */
export const migrations: Migration[] = [projection];
