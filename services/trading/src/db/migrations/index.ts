import type { Migration } from '@touchline/kit';

/** The trading schema, in order. Empty until the service's first use case lands. */
export const migrations: Migration[] = [];
