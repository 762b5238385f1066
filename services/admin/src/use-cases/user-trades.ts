import type { ListUserTradesResponse } from '@touchline/protos/gen/touchline/admin/ListUserTradesResponse';
import type { AdminDeps } from './deps';
import { requireAdmin } from './require-admin';

export interface ListUserTradesRequest {
  userId: number;
  targetUserId: number;
  page?: { pageSize: number; cursor: string } | null;
}

/**
 * User Management's 'View Trade History': the target's sales, buys and trades as trading keeps them
 * (trading answers the history of whoever it is asked for; admin is who decides that an admin asks).
 */
export async function listUserTrades(
  deps: AdminDeps,
  request: ListUserTradesRequest,
): Promise<ListUserTradesResponse> {
  await requireAdmin(deps, request.userId);
  const target = await deps.identity.GetUser({ userId: request.targetUserId });
  const { records, nextCursor } = await deps.trading.ListTradeHistory({
    userId: target.id,
    mineOnly: true,
    page: request.page ?? { pageSize: 0, cursor: '' },
  });
  return { records, nextCursor };
}
