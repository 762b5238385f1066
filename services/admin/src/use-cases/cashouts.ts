import type { AdminCashout } from '@touchline/protos/gen/touchline/admin/AdminCashout';
import type { CashoutRequest__Output as CashoutRequest } from '@touchline/protos/gen/touchline/wallet/CashoutRequest';
import type { GetAdminWalletResponse } from '@touchline/protos/gen/touchline/admin/GetAdminWalletResponse';
import type { User__Output as User } from '@touchline/protos/gen/touchline/identity/User';
import type { FraudReport } from '../domain/fraud';
import { audited } from './audited';
import type { AdminDeps } from './deps';
import { fraudReports } from './fraud';
import { requireAdmin, requireKey } from './require-admin';

function adminCashout(
  request: CashoutRequest,
  user: User | undefined,
  report: FraudReport | undefined,
): AdminCashout {
  return {
    id: request.id,
    userId: request.userId,
    userEmail: user?.email ?? '',
    userUsername: user?.username ?? '',
    status: request.status,
    coinsAmount: request.coinsAmount,
    cashAmountCents: request.cashAmountCents,
    feeCoins: request.feeCoins,
    paypalEmail: request.paypalEmail,
    createdAt: request.createdAt,
    processedAt: request.processedAt,
    processedByUserId: request.processedByUserId,
    requester: report,
    test: request.test,
    reason: request.reason,
  };
}

/** Requests with their requester's e-mail (identity) and fraud report, for the review screen. */
async function withRequesters(deps: AdminDeps, requests: CashoutRequest[]): Promise<AdminCashout[]> {
  const ids = [...new Set(requests.map((r) => r.userId))];
  const users = ids.length ? (await deps.identity.GetUsers({ userIds: ids })).users : [];
  const known = new Map(users.map((u) => [u.id, u]));
  const reports = await fraudReports(deps, ids, known);
  return requests.map((r) => adminCashout(r, known.get(r.userId), reports.get(r.userId)));
}

export async function listCashouts(
  deps: AdminDeps,
  request: { userId: number; status: string },
): Promise<{ requests: AdminCashout[] }> {
  await requireAdmin(deps, request.userId);
  const { requests } = await deps.wallet.ListAllCashouts({ status: request.status });
  return { requests: await withRequesters(deps, requests) };
}

/** Moves a request through the wallet, which enforces the four allowed moves; audited either way. */
export async function setCashoutStatus(
  deps: AdminDeps,
  request: {
    userId: number;
    requestId: number;
    status: string;
    idempotencyKey: string;
    reason: string;
  },
): Promise<{ request: AdminCashout }> {
  await requireAdmin(deps, request.userId);
  const key = requireKey(request.idempotencyKey);
  const before = await deps.wallet.GetCashout({ requestId: request.requestId });
  const moved = await audited(
    deps,
    {
      actorUserId: request.userId,
      action: 'cashout.status',
      targetType: 'cashout',
      targetId: String(before.id),
      key,
      request: { requestId: before.id, status: request.status, reason: request.reason },
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
    (result) => ({ status: result.request!.status, processedAt: result.request!.processedAt }),
  );
  const [answer] = await withRequesters(deps, [moved.request!]);
  return { request: answer! };
}

export async function getAdminWallet(deps: AdminDeps, userId: number): Promise<GetAdminWalletResponse> {
  await requireAdmin(deps, userId);
  return deps.wallet.GetAdminWallet({ userId });
}
