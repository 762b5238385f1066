import type { Migration } from '@touchline/kit';
import { tradeHistory } from './001_trade_history';

/** The trading schema, in order. */
export const migrations: Migration[] = [tradeHistory];
