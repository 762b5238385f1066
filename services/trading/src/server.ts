import type { Knex } from 'knex';
import type { UseCases } from '@touchline/kit';
import type { TradingHandlers } from '@touchline/protos/gen/touchline/trading/Trading';
import { listTradeHistory } from './use-cases/trade-history';

/** Maps each Trading RPC onto its use case. RPCs missing here answer UNIMPLEMENTED until built. */
export function tradingUseCases(db: Knex): UseCases<TradingHandlers> {
  return {
    ListTradeHistory: (req) => listTradeHistory(db, req),
  };
}
