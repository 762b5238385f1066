import { api, MUTE_DURATION_SECONDS, PAGE_LIMIT_DEFAULT } from '@touchline/contract';
import type { Clients } from '../clients';
import {
  adminCashoutJson,
  adminUserJson,
  auditEntryJson,
  collectionCardJson,
  fraudHoldJson,
  userFlagsJson,
} from '../compose/admin';
import { ContractRouter } from '../http/contract-router';
import { tradeRecordsJson } from './trade-history';
import type { SessionVerifier } from '../session';
import { bannedEnding } from '../live/endings';
import type { LiveHub } from '../live/hub';

/**
 * Administration. The admin service decides who is an admin (403 otherwise, nothing changed): the
 * gateway only passes the signed-in caller's id, never anything the client says about itself.
 */
export function adminRoutes(
  clients: Clients,
  verifier: SessionVerifier,
  bans: { live: Pick<LiveHub, 'endUser'>; appealEmail: string },
) {
  const { admin } = clients;
  return new ContractRouter()
    .add(api.admin.cashouts, async ({ userId, query }) => {
      const { cashouts } = await admin.ListCashouts({ userId, status: query.status ?? '' });
      return { status: 200, body: cashouts.map(adminCashoutJson) };
    })
    .add(api.admin.setCashoutStatus, async ({ userId, params, body, idempotencyKey }) => {
      const { cashout } = await admin.SetCashoutStatus({
        userId,
        requestId: params.requestId,
        status: body.status,
        idempotencyKey,
        reason: body.reason ?? '',
        paypalTransactionId: body.paypalTransactionId ?? '',
      });
      return { status: 200, body: adminCashoutJson(cashout!) };
    })
    .add(api.admin.users, async ({ userId }) => {
      const { users } = await admin.ListUsers({ userId });
      return { status: 200, body: users.map(adminUserJson) };
    })
    .add(api.admin.ban, async ({ userId, params, body, idempotencyKey }) => {
      const { user, revokedSessionIds } = await admin.SetBanned({
        userId,
        targetUserId: params.userId,
        banned: body.banned,
        idempotencyKey,
        reason: body.reason ?? '',
      });
      // The banned user's next request is refused, not the one after their token expires, and their
      // open screens here learn of the ban now (other gateway processes at their session check).
      await Promise.all(revokedSessionIds.map((id) => verifier.revoke(id)));
      if (user!.banned) bans.live.endUser(params.userId, bannedEnding(user!.banReason, bans.appealEmail));
      return { status: 200, body: adminUserJson(user!) };
    })
    .add(api.admin.mute, async ({ userId, params, body, idempotencyKey }) => {
      const { user } = await admin.SetMuted({
        userId,
        targetUserId: params.userId,
        muted: body.muted,
        idempotencyKey,
        reason: body.reason ?? '',
        durationSeconds: MUTE_DURATION_SECONDS[body.duration ?? 'permanent'],
      });
      return { status: 200, body: adminUserJson(user!) };
    })
    .add(api.admin.userFlags, async ({ userId, params }) => {
      const report = await admin.GetUserFlags({ userId, targetUserId: params.userId });
      return { status: 200, body: userFlagsJson(report) };
    })
    .add(api.admin.clearFraudHold, async ({ userId, params, idempotencyKey }) => {
      const hold = await admin.ClearFraudHold({ userId, targetUserId: params.userId, idempotencyKey });
      return { status: 200, body: fraudHoldJson(hold) };
    })
    .add(api.admin.userTrades, async ({ userId, params, query }) => {
      const { records, nextCursor } = await admin.ListUserTrades({
        userId,
        targetUserId: params.userId,
        page: { pageSize: query.limit ?? PAGE_LIMIT_DEFAULT, cursor: query.cursor ?? '' },
      });
      const items = await tradeRecordsJson(clients, records, 'admin');
      return { status: 200, body: { items, nextCursor: nextCursor || null } };
    })
    .add(api.admin.wallet, async ({ userId }) => {
      const { profitWallet, coins } = await admin.GetAdminWallet({ userId });
      return { status: 200, body: { profitWallet, coins } };
    })
    .add(api.admin.collectionCards, async ({ userId }) => {
      const { cards } = await admin.ListCollectionCards({ userId });
      return { status: 200, body: { cards: cards.map(collectionCardJson) } };
    })
    .add(api.admin.transferToShop, async ({ userId, body, idempotencyKey }) => {
      const all = 'transferAllNonMessi' in body;
      const result = await admin.TransferToShop({
        userId,
        transferAllNonMessi: all,
        cardIds: all ? [] : body.cardIds,
        idempotencyKey,
      });
      return {
        status: 200,
        body: {
          success: result.success,
          transferred: result.transferred,
          remaining: result.remaining,
          error: result.error || null,
        },
      };
    })
    .add(api.admin.auditLog, async ({ userId, query }) => {
      const { entries, nextCursor } = await admin.ListAuditLog({
        userId,
        actorUserId: query.actorUserId ?? 0,
        action: query.action ?? '',
        subjectUserId: query.userId ?? 0,
        from: query.from ?? '',
        to: query.to ?? '',
        page: { pageSize: query.limit ?? PAGE_LIMIT_DEFAULT, cursor: query.cursor ?? '' },
      });
      return { status: 200, body: { items: entries.map(auditEntryJson), nextCursor: nextCursor || null } };
    }).router;
}
