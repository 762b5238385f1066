import type { Clock, Logger, Outbox, Random, Db } from '@touchline/kit';
import type { MissionsConfig } from '../config';
import type { BadgeDefinition, MissionDefinition } from '../domain/definitions';
import type { EarnedBadges } from '../cache/earned-badges';
import type { SmallestTeam } from '../cache/smallest-team';
import type { CardsClient, WalletClient } from '../peers';

export interface MissionsDeps {
  wallet: Pick<WalletClient, 'Grant'>;
  cards: Pick<CardsClient, 'GetTeamProgress'>;
  db: Db;
  outbox: Outbox;
  clock: Clock;
  random: Random;
  logger: Logger;
  config: MissionsConfig;
  /** The catalogue (src/catalogue), injected so tests can bring their own. */
  missions: readonly MissionDefinition[];
  badges: readonly BadgeDefinition[];
  earnedBadges: EarnedBadges;
  smallestTeam: SmallestTeam;
}
