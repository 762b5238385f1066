import type { Clock, Db, Logger, Outbox, Random } from '@touchline/kit';
import type { MatchdayConfig } from '../config';
import type { Schedule } from '../domain/schedule';
import type { MatchFeed } from '../feed/port';
import type { CatalogPlayer } from '../feed/roster';
import type { CardsClient, WalletClient } from '../peers';

export interface MatchdayDeps {
  db: Db;
  outbox: Outbox;
  clock: Clock;
  random: Random;
  logger: Logger;
  config: MatchdayConfig;
  schedule: Schedule;
  /** Resolved once the feed's secret is read (service.ts). */
  feed: () => Promise<MatchFeed>;
  /** cards-market's players (asked once per process): the simulated feed's ratings, an import's checks. */
  roster: () => Promise<CatalogPlayer[]>;
  cards: Pick<CardsClient, 'GetCardsByIds' | 'HoldCards' | 'VoidCardHold'>;
  wallet: Pick<WalletClient, 'Grant'>;
}
