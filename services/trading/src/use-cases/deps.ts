import type { Clock, Logger, Outbox, Random, Db } from '@touchline/kit';
import type { TradingConfig } from '../config';
import type { IdentityClient, CardsClient, WalletClient } from '../peers';

export interface TradingDeps {
  identity: IdentityClient;
  cards: CardsClient;
  wallet: WalletClient;
  db: Db;
  outbox: Outbox;
  clock: Clock;
  random: Random;
  logger: Logger;
  config: TradingConfig;
}
