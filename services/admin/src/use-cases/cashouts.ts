import type { AdminCashout } from '@touchline/protos/gen/touchline/admin/AdminCashout';
import type { Cashout__Output as Cashout } from '@touchline/protos/gen/touchline/wallet/Cashout';
import type { GetAdminWalletResponse } from '@touchline/protos/gen/touchline/admin/GetAdminWalletResponse';
import type { User__Output as User } from '@touchline/protos/gen/touchline/identity/User';
import type { CashoutEvent } from '@touchline/protos/gen/touchline/admin/CashoutEvent';
import { conflict, DomainError, invalid } from '@touchline/kit';
import {
  normalizePaypalTransactionId,
  PAYPAL_TRANSACTION_ID,
  PAYPAL_TRANSACTION_ID_INVALID,
} from '@touchline/rules';
import { cashoutEntries, type AuditRow } from '../db/audit-log';
import { claimPayout, payoutsOf, releasePayout } from '../db/payouts';
import type { FraudReport } from '../domain/fraud';
import { audited } from './audited';
import type { AdminDeps } from './deps';
import { fraudReports } from './fraud';
import { requireAdmin, requireKey } from './require-admin';

export const PAYPAL_ID_ONLY_ON_COMPLETE = 'A PayPal transaction ID is given only when completing a request';
export const PAYPAL_ID_USED = 'This PayPal transaction ID already completed another request';
export const completedWith = (id: string) =>
  `This request was already completed with PayPal transaction ${id}`;

interface Extras {
  user: User | undefined;
  report: FraudReport | undefined;
  paypalTransactionId: string;
  history: CashoutEvent[];
}

function historyEvent(row: AuditRow): CashoutEvent {
  const request = (typeof row.request === 'string' ? JSON.parse(row.request) : row.request) as {
    status?: string;
    reason?: string;
    paypalTransactionId?: string;
  };
  return {
    status: request.status ?? '',
    actorUserId: Number(row.actor_user_id),
    at: (row.finished_at ?? row.created_at).toISOString(),
    paypalTransactionId: request.paypalTransactionId ?? '',
    reason: request.reason ?? '',
  };
}

function adminCashout(
  cashout: Cashout,
  { user, report, paypalTransactionId, history }: Extras,
): AdminCashout {
  return {
    id: cashout.id,
    userId: cashout.userId,
    userEmail: user?.email ?? '',
    userUsername: user?.username ?? '',
    status: cashout.status,
    coinsAmount: cashout.coinsAmount,
    cashAmountCents: cashout.cashAmountCents,
    feeCoins: cashout.feeCoins,
    paypalEmail: cashout.paypalEmail,
    createdAt: cashout.createdAt,
    processedAt: cashout.processedAt,
    processedByUserId: cashout.processedByUserId,
    requester: report,
    test: cashout.test,
    reason: cashout.reason,
    paypalTransactionId,
    history,
  };
}

/**
 * Cash-outs with their requester's e-mail (identity) and fraud report, the PayPal transaction that
 * completed each and its history of admin moves (the audit log), for the review screen.
 */
async function withRequesters(deps: AdminDeps, cashouts: Cashout[]): Promise<AdminCashout[]> {
  const ids = [...new Set(cashouts.map((c) => c.userId))];
  const requestIds = cashouts.map((c) => c.id);
  const [users, payouts, entries] = await Promise.all([
    ids.length ? deps.identity.GetUsers({ userIds: ids }).then((r) => r.users) : [],
    payoutsOf(deps.db, requestIds),
    cashoutEntries(deps.db, requestIds),
  ]);
  const known = new Map(users.map((u) => [u.id, u]));
  const reports = await fraudReports(deps, ids, known);
  const history = new Map<string, CashoutEvent[]>();
  for (const row of entries)
    history.set(row.target_id, [...(history.get(row.target_id) ?? []), historyEvent(row)]);
  return cashouts.map((c) =>
    adminCashout(c, {
      user: known.get(c.userId),
      report: reports.get(c.userId),
      // Only a completed request was paid: a claim left by a completion still under way is not shown.
      paypalTransactionId: c.status === 'completed' ? (payouts.get(c.id) ?? '') : '',
      history: history.get(String(c.id)) ?? [],
    }),
  );
}

/** The transaction id a move carries: required (and well-formed) to complete, refused otherwise. */
function transactionIdOf(status: string, raw: string): string {
  const id = normalizePaypalTransactionId(raw);
  if (status !== 'completed') {
    if (id !== '') throw invalid(PAYPAL_ID_ONLY_ON_COMPLETE);
    return '';
  }
  if (!PAYPAL_TRANSACTION_ID.test(id)) throw invalid(PAYPAL_TRANSACTION_ID_INVALID);
  return id;
}

export async function listCashouts(
  deps: AdminDeps,
  request: { userId: number; status: string },
): Promise<{ cashouts: AdminCashout[] }> {
  await requireAdmin(deps, request.userId);
  const { cashouts } = await deps.wallet.ListAllCashouts({ status: request.status });
  return { cashouts: await withRequesters(deps, cashouts) };
}

/**
 * Moves a request through the wallet, which enforces the four allowed moves; audited either way.
 * Completing takes the PayPal transaction id of the payment sent (issue 43), claimed for the request
 * before the wallet completes it, so one payment never completes two requests. Completing again with
 * the same id answers the completed request (idempotent, whoever retries); with another id, 409.
 */
export async function setCashoutStatus(
  deps: AdminDeps,
  request: {
    userId: number;
    requestId: number;
    status: string;
    idempotencyKey: string;
    reason: string;
    paypalTransactionId: string;
  },
): Promise<{ cashout: AdminCashout }> {
  await requireAdmin(deps, request.userId);
  const key = requireKey(request.idempotencyKey);
  const transactionId = transactionIdOf(request.status, request.paypalTransactionId ?? '');
  const before = await deps.wallet.GetCashout({ requestId: request.requestId });
  const answer = async (cashout: Cashout) => ({ cashout: (await withRequesters(deps, [cashout]))[0]! });
  if (transactionId) {
    const claim = await claimPayout(
      deps.db,
      { requestId: before.id, transactionId, actorUserId: request.userId },
      deps.clock.now(),
    );
    if (claim === 'taken') throw conflict(PAYPAL_ID_USED);
    if (claim.paypal_transaction_id !== transactionId)
      throw conflict(completedWith(claim.paypal_transaction_id));
    if (before.status === 'completed') return answer(before);
  }
  try {
    const moved = await audited(
      deps,
      {
        actorUserId: request.userId,
        action: 'cashout.status',
        targetType: 'cashout',
        targetId: String(before.id),
        subjectUserId: before.userId,
        key,
        request: {
          requestId: before.id,
          status: request.status,
          reason: request.reason,
          ...(transactionId ? { paypalTransactionId: transactionId } : {}),
        },
        before: { status: before.status, userId: before.userId, coinsAmount: before.coinsAmount },
      },
      () =>
        deps.wallet.SetCashoutStatus({
          actorUserId: request.userId,
          requestId: before.id,
          status: request.status,
          idempotencyKey: key,
          reason: request.reason,
        }),
      (result) => ({
        status: result.cashout!.status,
        processedAt: result.cashout!.processedAt,
        ...(transactionId ? { paypalTransactionId: transactionId } : {}),
      }),
    );
    return answer(moved.cashout!);
  } catch (error) {
    if (!transactionId || !(error instanceof DomainError)) throw error;
    // Another admin's completion with this same id may have won the race: then it is done.
    const now = await deps.wallet.GetCashout({ requestId: before.id });
    if (now.status === 'completed') return answer(now);
    await releasePayout(deps.db, before.id, transactionId);
    throw error;
  }
}

export async function getAdminWallet(deps: AdminDeps, userId: number): Promise<GetAdminWalletResponse> {
  await requireAdmin(deps, userId);
  return deps.wallet.GetAdminWallet({ userId });
}
