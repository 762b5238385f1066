import type { Migration } from '@touchline/kit';
import { tradeHistory } from './001_trade_history';
import { offersAndWishes } from './002_offers_wishes';
import { counterOffers } from './003_counter_offers';

/** The trading schema, in order. */
export const migrations: Migration[] = [tradeHistory, offersAndWishes, counterOffers];
