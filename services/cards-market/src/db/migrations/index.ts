import type { Migration } from '@touchline/kit';
import { catalog } from './001_catalog';

/** The cards_market schema, in order. */
export const migrations: Migration[] = [catalog];
