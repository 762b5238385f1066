import type { Knex } from 'knex';

export interface PayoutRow {
  request_id: number;
  paypal_transaction_id: string;
  actor_user_id: number;
  created_at: Date;
}

/**
 * Claims a PayPal transaction id for a cash-out request before the wallet completes it. Returns
 * the request's claim as it stands: this one, an earlier one of the same request (perhaps with
 * another id), or `taken` when the id already paid another request.
 */
export async function claimPayout(
  db: Knex,
  claim: { requestId: number; transactionId: string; actorUserId: number },
  now: Date,
): Promise<PayoutRow | 'taken'> {
  try {
    await db('cashout_payouts')
      .insert({
        request_id: claim.requestId,
        paypal_transaction_id: claim.transactionId,
        actor_user_id: claim.actorUserId,
        created_at: now,
      })
      .onConflict('request_id')
      .ignore();
  } catch (error) {
    if ((error as { code?: string }).code !== '23505') throw error;
    // The id's own unique index is not the conflict target: two admins claiming the same id for
    // the same request at once meet there, and the later one must see the earlier one's claim
    // (the same request's), not "another request" (admin oversight.test.ts's race, seen in CI).
    const own = (await db('cashout_payouts').where({ request_id: claim.requestId }).first()) as
      PayoutRow | undefined;
    return own ?? 'taken';
  }
  return (await db('cashout_payouts').where({ request_id: claim.requestId }).first()) as PayoutRow;
}

/** Gives a claim back when the wallet refused the completion (nothing was completed). */
export async function releasePayout(db: Knex, requestId: number, transactionId: string): Promise<void> {
  await db('cashout_payouts').where({ request_id: requestId, paypal_transaction_id: transactionId }).delete();
}

export async function payoutsOf(db: Knex, requestIds: number[]): Promise<Map<number, string>> {
  if (requestIds.length === 0) return new Map();
  const rows = (await db('cashout_payouts').whereIn('request_id', requestIds)) as PayoutRow[];
  return new Map(rows.map((r) => [Number(r.request_id), r.paypal_transaction_id]));
}
