import type { Migration } from '@touchline/kit';
import { matchdaySchema } from './001_matchday';
import { resultImports } from './002_result_imports';
import { lineupKeyClaims } from './003_lineup_key_claims';

/** The matchday schema, in order. */
export const migrations: Migration[] = [matchdaySchema, resultImports, lineupKeyClaims];
