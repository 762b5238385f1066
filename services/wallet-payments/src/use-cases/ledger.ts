import { idCursors, inTransaction, pageSize } from '@touchline/kit';
import type { ListLedgerEntriesRequest__Output } from '@touchline/protos/gen/touchline/wallet/ListLedgerEntriesRequest';
import type { ListLedgerEntriesResponse__Output as ListLedgerEntriesResponse } from '@touchline/protos/gen/touchline/wallet/ListLedgerEntriesResponse';
import type { LedgerEntry__Output as LedgerEntry } from '@touchline/protos/gen/touchline/wallet/LedgerEntry';
import { accountAudits, ledgerTotal, listEntries, type EntryView } from '../db/ledger';
import { checkAccount } from '../domain/accounts';
import { auditLedger, type LedgerReport } from '../domain/audit';
import type { WalletDeps } from './deps';

const ledgerPages = idCursors('ledger');

function entryMessage(e: EntryView): LedgerEntry {
  return {
    id: e.id,
    transactionId: e.transaction_id,
    account: e.account,
    amount: e.amount,
    reason: e.reason,
    reference: e.reference,
    idempotencyKey: e.idempotency_key,
    createdAt: e.created_at.toISOString(),
  };
}

/** Entries newest first, optionally of one account and/or one reference (a saga id), a page at a time. */
export async function listLedgerEntries(
  deps: WalletDeps,
  request: ListLedgerEntriesRequest__Output,
): Promise<ListLedgerEntriesResponse> {
  const size = pageSize(request.page?.pageSize ?? 0);
  const beforeId = ledgerPages.decode(request.page?.cursor ?? '');
  const account = request.account ? checkAccount(request.account, 'account') : undefined;
  // One row more than the page tells whether another page follows.
  const rows = await listEntries(
    deps.db,
    { account, reference: request.reference || undefined, beforeId },
    size + 1,
  );
  const page = rows.slice(0, size);
  return {
    entries: page.map(entryMessage),
    nextCursor: rows.length > size ? ledgerPages.encode(page[page.length - 1]!.id) : '',
  };
}

/**
 * Re-derives every balance from the entries and every reservation from the open holds. One
 * repeatable-read snapshot, so postings committing meanwhile cannot show up as false mismatches.
 */
export function verifyLedger(deps: WalletDeps): Promise<LedgerReport> {
  return inTransaction(
    deps.db,
    async (trx) => auditLedger(await ledgerTotal(trx), await accountAudits(trx)),
    {
      isolationLevel: 'repeatable read',
      readOnly: true,
    },
  );
}
