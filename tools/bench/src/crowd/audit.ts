import type { Knex } from 'knex';
import { auditCards, auditOpenWork } from '@touchline/chaos/audit/cards';
import { auditLedger, auditMint } from '@touchline/chaos/audit/ledger';
import type { AuditLine } from '@touchline/chaos/audit/line';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface SettleOptions {
  /**
   * Gives up when the open work has not changed for this long. A saga whose peer call timed out is
   * left to its sweeper, which takes it once it is SALE_STUCK_AFTER_MS old (15 s) on its next round
   * (every 5 s), one row after another: 40 s without any change means nothing is moving it.
   */
  stallMs: number;
  /** Gives up after this long in any case. */
  maxMs: number;
  pollMs: number;
  /**
   * How long the open work must stay empty before the audit: a consumer still behind on the load's
   * last events writes new outbox rows after the list was first empty (seen on a slow machine).
   */
  quietMs?: number;
  now?: () => number;
  wait?: (ms: number) => Promise<void>;
}

export const SETTLE: SettleOptions = { stallMs: 40_000, maxMs: 300_000, pollMs: 2_000, quietMs: 10_000 };

/**
 * Waits until `open()` (what is left half-way) is empty and has stayed so for `quietMs`, for as long
 * as it keeps changing. A fixed wait counted from the end of the load is not enough: after a level
 * that overloaded the stack, the gateway still reads requests the clients gave up on, and a pack
 * purchase started then is only swept 15 to 20 s after its wallet call timed out. Returns the
 * seconds waited and what stayed open.
 */
export async function settleOpenWork(
  open: () => Promise<string[]>,
  options: SettleOptions = SETTLE,
): Promise<{ seconds: number; left: string[] }> {
  const now = options.now ?? Date.now;
  const wait = options.wait ?? sleep;
  const started = now();
  const quietMs = options.quietMs ?? 0;
  let left = await open();
  let changedAt = started;
  let emptySince = left.length === 0 ? started : undefined;
  while (now() - started < options.maxMs) {
    if (emptySince === undefined ? now() - changedAt >= options.stallMs : now() - emptySince >= quietMs)
      break;
    await wait(options.pollMs);
    const next = await open();
    if (next.join('\n') !== left.join('\n')) changedAt = now();
    if (next.length > 0) emptySince = undefined;
    else emptySince ??= now();
    left = next;
  }
  return { seconds: (now() - started) / 1000, left };
}

/**
 * The chaos run's ledger and card audit on the crowd's database, once the sagas, holds and outbox
 * events the load left open have settled (settleOpenWork): the ledger balanced and true, every coin
 * minted accounted for, one owner per card, no listing sold twice, nothing half-way.
 */
export async function crowdAudit(
  db: Knex,
  welcomeCoins: number,
): Promise<{ lines: AuditLine[]; settledSeconds: number }> {
  const settled = await settleOpenWork(async () => (await auditOpenWork(db))[0]!.violations);
  return {
    settledSeconds: settled.seconds,
    lines: [
      ...(await auditLedger(db)),
      ...(await auditMint(db, welcomeCoins)),
      ...(await auditCards(db)),
      ...(await auditOpenWork(db)),
    ],
  };
}
