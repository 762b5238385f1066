import type { AdminCashout } from '@touchline/protos/gen/touchline/admin/AdminCashout';
import type { Cashout__Output as Cashout } from '@touchline/protos/gen/touchline/wallet/Cashout';
import type { GetAdminWalletResponse } from '@touchline/protos/gen/touchline/admin/GetAdminWalletResponse';
import type { User__Output as User } from '@touchline/protos/gen/touchline/identity/User';
import type { FraudReport } from '../domain/fraud';
import { audited } from './audited';
import type { AdminDeps } from './deps';
import { fraudReports } from './fraud';
import { requireAdmin, requireKey } from './require-admin';

function adminCashout(
  cashout: Cashout,
  user: User | undefined,
  report: FraudReport | undefined,
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
  };
}

/** Cash-outs with their requester's e-mail (identity) and fraud report, for the review screen. */
async function withRequesters(deps: AdminDeps, cashouts: Cashout[]): Promise<AdminCashout[]> {
  const ids = [...new Set(cashouts.map((c) => c.userId))];
  const users = ids.length ? (await deps.identity.GetUsers({ userIds: ids })).users : [];
  const known = new Map(users.map((u) => [u.id, u]));
  const reports = await fraudReports(deps, ids, known);
  return cashouts.map((c) => adminCashout(c, known.get(c.userId), reports.get(c.userId)));
}

export async function listCashouts(
  deps: AdminDeps,
  request: { userId: number; status: string },
): Promise<{ cashouts: AdminCashout[] }> {
  await requireAdmin(deps, request.userId);
  const { cashouts } = await deps.wallet.ListAllCashouts({ status: request.status });
  return { cashouts: await withRequesters(deps, cashouts) };
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
): Promise<{ cashout: AdminCashout }> {
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
    (result) => ({ status: result.cashout!.status, processedAt: result.cashout!.processedAt }),
  );
  const [answer] = await withRequesters(deps, [moved.cashout!]);
  return { cashout: answer! };
}

export async function getAdminWallet(deps: AdminDeps, userId: number): Promise<GetAdminWalletResponse> {
  await requireAdmin(deps, userId);
  return deps.wallet.GetAdminWallet({ userId });
}
