import type { Knex } from 'knex';
import type { AccountAudit } from '../domain/audit';
import type { AccountKind } from '../domain/accounts';

export interface EntryView {
  id: number;
  transaction_id: number;
  account: string;
  amount: number;
  created_at: Date;
  reason: string;
  reference: string;
  idempotency_key: string;
}

export interface EntryFilter {
  account?: string;
  reference?: string;
  /** Only entries with a smaller id (the keyset of the next page). */
  beforeId?: number;
}

/** Entries with their transaction, newest first. */
export function listEntries(db: Knex, filter: EntryFilter, limit: number): Promise<EntryView[]> {
  const query = db('entries as e')
    .join('transactions as t', 't.id', 'e.transaction_id')
    .orderBy('e.id', 'desc')
    .limit(limit)
    .select(
      'e.id',
      'e.transaction_id',
      'e.account',
      'e.amount',
      'e.created_at',
      't.reason',
      't.reference',
      't.idempotency_key',
    );
  if (filter.account) query.where('e.account', filter.account);
  if (filter.reference) query.where('t.reference', filter.reference);
  if (filter.beforeId !== undefined) query.where('e.id', '<', filter.beforeId);
  return query;
}

/** Sum of every entry of the ledger. */
export async function ledgerTotal(db: Knex): Promise<number> {
  const row = (await db('entries').sum({ total: 'amount' }).first()) as { total: number | null } | undefined;
  return Number(row?.total ?? 0);
}

/**
 * Every account's cached columns (a platform account's with its changes not yet folded, decision
 * 0020) next to the sums of its entries and of its open holds.
 */
export async function accountAudits(db: Knex): Promise<AccountAudit[]> {
  const rows = (await db('account_balances as a')
    .leftJoin(
      db('entries').groupBy('account').select('account', db.raw('sum(amount) as total')).as('e'),
      'e.account',
      'a.name',
    )
    .leftJoin(
      db('holds')
        .where({ status: 'held' })
        .groupBy('from_account')
        .select('from_account', db.raw('sum(amount) as total'))
        .as('h'),
      'h.from_account',
      'a.name',
    )
    .orderBy('a.name')
    .select(
      'a.name',
      'a.kind',
      'a.balance',
      'a.held',
      db.raw('coalesce(e.total, 0) as derived'),
      db.raw('coalesce(h.total, 0) as open_holds'),
    )) as {
    name: string;
    kind: AccountKind;
    balance: number;
    held: number;
    derived: number;
    open_holds: number;
  }[];
  return rows.map((r) => ({
    account: r.name,
    kind: r.kind,
    balance: Number(r.balance),
    derivedBalance: Number(r.derived),
    held: Number(r.held),
    openHolds: Number(r.open_holds),
  }));
}
