import type { Migration } from '@touchline/kit';
import { catalog } from './001_catalog';
import { market } from './002_market';
import { holdsAndPacks } from './003_holds_packs';

/** The cards_market schema, in order. */
export const migrations: Migration[] = [catalog, market, holdsAndPacks];
