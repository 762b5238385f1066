import { DomainError, type Tx } from '@touchline/kit';

interface RefusalRow {
  code: DomainError['code'];
  message: string;
  details: Record<string, unknown> | null;
}

/** Holds the key's lock until the transaction ends: requests with one key run one at a time. */
export async function lockSellKey(trx: Tx, idempotencyKey: string): Promise<void> {
  await trx.raw(`select pg_advisory_xact_lock(hashtext(?))`, [`cards_market.sell:${idempotencyKey}`]);
}

/** The refusal recorded under the key, if any. */
export async function sellRefusal(trx: Tx, idempotencyKey: string): Promise<DomainError | undefined> {
  const row = (await trx('sell_refusals')
    .where({ idempotency_key: idempotencyKey })
    .first('code', 'message', 'details')) as RefusalRow | undefined;
  return row && new DomainError(row.code, row.message, row.details ?? undefined);
}

export async function recordSellRefusal(
  trx: Tx,
  idempotencyKey: string,
  refusal: DomainError,
  now: Date,
): Promise<void> {
  await trx('sell_refusals').insert({
    idempotency_key: idempotencyKey,
    code: refusal.code,
    message: refusal.message,
    details: refusal.details ? JSON.stringify(refusal.details) : null,
    refused_at: now,
  });
}
