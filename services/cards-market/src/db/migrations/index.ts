import type { Migration } from '@touchline/kit';
import { catalog } from './001_catalog';
import { market } from './002_market';

/** The cards_market schema, in order. */
export const migrations: Migration[] = [catalog, market];
