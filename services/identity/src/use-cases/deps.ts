import type { Clock, Logger, Mailer, Outbox, Random, Db } from '@touchline/kit';
import type { IdentityConfig } from '../config';
import type { TokenSigner } from '../tokens';

export interface IdentityDeps {
  db: Db;
  outbox: Outbox;
  clock: Clock;
  random: Random;
  signer: TokenSigner;
  mailer: Mailer;
  logger: Logger;
  config: IdentityConfig;
  adminEmails: Set<string>;
}
