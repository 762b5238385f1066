import { adminMatchdays } from './admin-matchday-routes';
import { defineRoute } from './route';
import {
  AdminCashoutQuery,
  AdminCashoutRequest,
  AdminUser,
  AdminWallet,
  AuditLogPage,
  AuditLogQuery,
  BanBody,
  CashoutRequestParams,
  CashoutStatusBody,
  CollectionCards,
  FraudHold,
  MuteBody,
  TransferResult,
  TransferToShopBody,
  UserFlags,
  UserParams,
  UserTradesQuery,
} from './schemas/admin';
import { EmptyBody, ErrorBody } from './schemas/common';
import { TradeHistoryPage } from './schemas/trades';
import { z } from 'zod';

const error = ErrorBody;
/** Every admin route: 401 without a session, 403 unless the admin service finds the caller an admin. */
const denied = { 403: error } as const;

/** Administration (docs/spec/economy-admin-spec.md#2-screens-and-routes, #6-roles-and-permissions and #7-the-calls-it-makes; docs/design.md#7-decisions-on-the-specs-open-points): admins only, checked on the server. */
export const admin = {
  cashouts: defineRoute({
    method: 'get',
    path: '/api/admin/cashout/requests',
    summary: 'Every cash-out request, or those of one status, with the requester’s fraud flags',
    auth: 'session',
    query: AdminCashoutQuery,
    responses: { 200: z.array(AdminCashoutRequest), ...denied },
  }),
  setCashoutStatus: defineRoute({
    method: 'post',
    path: '/api/admin/cashout/:requestId/status',
    summary: 'Move a request pending→processing|rejected or processing→completed|rejected',
    auth: 'session',
    params: CashoutRequestParams,
    body: CashoutStatusBody,
    idempotent: true,
    responses: { 200: AdminCashoutRequest, ...denied, 404: error, 409: error, 422: error },
  }),
  users: defineRoute({
    method: 'get',
    path: '/api/admin/users',
    summary: 'Every user with coins, collection, rank, purchases, moderation state and flags',
    auth: 'session',
    responses: { 200: z.array(AdminUser), ...denied },
  }),
  ban: defineRoute({
    method: 'post',
    path: '/api/admin/users/:userId/ban',
    summary: 'Ban or unban a non-admin; a ban ends every session of the user at once',
    auth: 'session',
    params: UserParams,
    body: BanBody,
    idempotent: true,
    responses: { 200: AdminUser, ...denied, 404: error, 422: error },
  }),
  mute: defineRoute({
    method: 'post',
    path: '/api/admin/users/:userId/mute',
    summary: 'Mute (for 1 h, 24 h, 7 days or until lifted, with a reason) or unmute a non-admin',
    auth: 'session',
    params: UserParams,
    body: MuteBody,
    idempotent: true,
    responses: { 200: AdminUser, ...denied, 404: error, 422: error },
  }),
  userFlags: defineRoute({
    method: 'get',
    path: '/api/admin/users/:userId/flags',
    summary: 'The fraud signals and flags of one user, and the hold on their outgoing coins',
    auth: 'session',
    params: UserParams,
    responses: { 200: UserFlags, ...denied, 404: error },
  }),
  clearFraudHold: defineRoute({
    method: 'post',
    path: '/api/admin/users/:userId/fraud-hold/clear',
    summary: 'End the review hold on a user’s outgoing coins and cash-outs (written to the audit log)',
    auth: 'session',
    params: UserParams,
    body: EmptyBody,
    idempotent: true,
    responses: { 200: FraudHold, ...denied, 404: error },
  }),
  userTrades: defineRoute({
    method: 'get',
    path: '/api/admin/users/:userId/trade-history',
    summary: "One user's sales, buys and trades, newest first (User Management: 'View Trade History')",
    auth: 'session',
    params: UserParams,
    query: UserTradesQuery,
    responses: { 200: TradeHistoryPage, ...denied, 404: error },
  }),
  wallet: defineRoute({
    method: 'get',
    path: '/api/admin/wallet',
    summary: 'The profit wallet and the admin’s own coins',
    auth: 'session',
    responses: { 200: AdminWallet, ...denied },
  }),
  collectionCards: defineRoute({
    method: 'get',
    path: '/api/admin/collection-cards',
    summary: 'The admin’s own cards; Messi (protected) cards are marked and never move',
    auth: 'session',
    responses: { 200: CollectionCards, ...denied },
  }),
  transferToShop: defineRoute({
    method: 'post',
    path: '/api/admin/transfer-to-shop',
    summary: 'Move the selected, or all, non-Messi cards of the admin to the market',
    auth: 'session',
    body: TransferToShopBody,
    idempotent: true,
    responses: { 200: TransferResult, ...denied },
  }),
  auditLog: defineRoute({
    method: 'get',
    path: '/api/admin/audit-log',
    summary:
      'Admin actions, newest first, by admin, action, user and time: who, what, when, before and after',
    auth: 'session',
    query: AuditLogQuery,
    responses: { 200: AuditLogPage, ...denied },
  }),
  ...adminMatchdays,
} as const;
