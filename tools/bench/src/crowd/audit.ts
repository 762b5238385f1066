import type { Knex } from 'knex';
import { auditCards, auditOpenWork } from '@touchline/chaos/src/audit/cards';
import { auditLedger, auditMint } from '@touchline/chaos/src/audit/ledger';
import type { AuditLine } from '@touchline/chaos/src/audit/line';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The chaos run's ledger and card audit on the crowd's database, once the sagas, holds and outbox
 * events the load left open have settled (up to `settleSeconds`): the ledger balanced and true,
 * every coin minted accounted for, one owner per card, no listing sold twice, nothing half-way.
 */
export async function crowdAudit(db: Knex, welcomeCoins: number, settleSeconds = 60): Promise<AuditLine[]> {
  const deadline = Date.now() + settleSeconds * 1000;
  while (Date.now() < deadline && (await auditOpenWork(db))[0]!.violations.length > 0) await sleep(2_000);
  return [
    ...(await auditLedger(db)),
    ...(await auditMint(db, welcomeCoins)),
    ...(await auditCards(db)),
    ...(await auditOpenWork(db)),
  ];
}
