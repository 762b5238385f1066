import type { Db, metrics } from '@touchline/kit';
import { flowTotals, type ReasonFlow } from '../domain/coin-flows';

/**
 * A hold is settled by its saga's sweeper within the saga's stuck-after time (15 s for buys and packs,
 * 30 s for trades) plus a sweep: one still open after two minutes is overdue.
 */
const HOLD_TIMEOUT_SECONDS = 120;

/**
 * Per reason, what players' accounts gained and lost, each transaction netted first (a sale between
 * players moves only its fee out of their hands). All-time sums: the coin counters rise by them.
 */
export async function readReasonFlows(db: Db): Promise<ReasonFlow[]> {
  const net = db('entries')
    .groupBy('transaction_id')
    .select('transaction_id', db.raw(`coalesce(sum(amount) filter (where account like 'user:%'), 0) as net`))
    .as('n');
  const rows = (await db
    .from(net)
    .join('transactions as t', 't.id', 'n.transaction_id')
    .groupBy('t.reason')
    .select(
      't.reason',
      db.raw('coalesce(sum(greatest(n.net, 0)), 0)::bigint as minted'),
      db.raw('coalesce(sum(greatest(-n.net, 0)), 0)::bigint as burned'),
    )) as { reason: string; minted: string | number; burned: string | number }[];
  return rows.map((r) => ({ reason: r.reason, minted: Number(r.minted), burned: Number(r.burned) }));
}

/** The ledger's own check and the economy, read from the wallet's tables. */
export async function readLedgerGauges(db: Db): Promise<metrics.GaugeReading[]> {
  const sum = (await db('account_balances').first(db.raw('coalesce(sum(balance), 0)::bigint as total'))) as {
    total: string | number;
  };
  const overdue = (await db('holds')
    .where({ status: 'held' })
    .where('created_at', '<', db.raw(`now() - ? * interval '1 second'`, [HOLD_TIMEOUT_SECONDS]))
    .first(db.raw('count(*)::int as n'))) as { n: number };
  const platform = (await db('account_balances').where({ kind: 'platform' }).select('name', 'balance')) as {
    name: string;
    balance: string | number;
  }[];
  const byStatus = (await db('cashout_requests')
    .groupBy('status')
    .select('status', db.raw('count(*)::int as n'))) as { status: string; n: number }[];
  const pending = (await db('cashout_requests')
    .where({ status: 'pending' })
    .first(db.raw('coalesce(extract(epoch from now() - min(created_at)), 0)::float as oldest'))) as {
    oldest: number;
  };
  const counts = new Map(byStatus.map((r) => [r.status, Number(r.n)]));
  const flows = flowTotals(await readReasonFlows(db));
  return [
    { gauge: 'ledgerSum', value: Number(sum.total) },
    { gauge: 'ledgerOverdueHolds', value: Number(overdue.n) },
    ...platform.map((a) => ({
      gauge: 'platformBalance' as const,
      labels: { account: a.name },
      value: Number(a.balance),
    })),
    ...['pending', 'processing', 'completed', 'rejected'].map((status) => ({
      gauge: 'cashouts' as const,
      labels: { status },
      value: counts.get(status) ?? 0,
    })),
    { gauge: 'cashoutOldestPending', value: Math.max(0, Number(pending.oldest)) },
    ...[...flows.minted].map(([source, value]) => ({
      total: 'coinsMinted' as const,
      labels: { source },
      value,
    })),
    ...[...flows.burned].map(([sink, value]) => ({ total: 'coinsBurned' as const, labels: { sink }, value })),
  ];
}
