import type { Migration } from '@touchline/kit';

/** The leaderboard schema, in order. Empty until the service's first use case lands. */
export const migrations: Migration[] = [];
