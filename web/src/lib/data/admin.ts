import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import {
  api,
  type AUDIT_ACTIONS,
  type CashoutStatus,
  type MuteDuration,
  type TransferToShopBody,
} from '@touchline/contract';

import { usePagedList } from '@/hooks/use-paged-list';
import { call, newIdempotencyKey } from '@/lib/api';
import { userQueryKey } from '@/lib/data/auth';

/**
 * The admin areas (docs/spec/economy-admin-spec.md#2-screens-and-routes and #7-the-calls-it-makes). The server refuses non-admins (403); the
 * screens only ask when the signed-in user is an admin, so `enabled` carries that flag.
 */
export const adminKeys = {
  all: ['admin'] as const,
  cashouts: () => [...adminKeys.all, 'cashouts'] as const,
  users: () => [...adminKeys.all, 'users'] as const,
  userTrades: (userId: number) => [...adminKeys.all, 'users', userId, 'trades'] as const,
  userFlags: (userId: number) => [...adminKeys.all, 'users', userId, 'flags'] as const,
  wallet: () => [...adminKeys.all, 'wallet'] as const,
  collectionCards: () => [...adminKeys.all, 'collection-cards'] as const,
  auditLog: (filter: AuditLogFilter) => [...adminKeys.all, 'audit-log', filter] as const,
};

/** The audit log screen's filters; absent: any. Dates are instants (ISO-8601 with a zone). */
export interface AuditLogFilter {
  actorUserId?: number;
  action?: (typeof AUDIT_ACTIONS)[number];
  userId?: number;
  from?: string;
  to?: string;
}

/** Every cash-out request; the screen splits them by status into its four tabs. */
export function useAdminCashouts(enabled: boolean) {
  return useQuery({
    queryKey: adminKeys.cashouts(),
    queryFn: ({ signal }) => call(api.admin.cashouts, { signal }),
    enabled,
  });
}

export interface CashoutStatusVariables {
  requestId: number;
  status: CashoutStatus;
  /** One per confirmed click: a retry of the same click is applied once. */
  idempotencyKey: string;
  /** A rejection's reason for the player; empty or absent: none. */
  reason?: string;
  /** Completing: the PayPal transaction id of the payment sent (required there). */
  paypalTransactionId?: string;
}

export function useSetCashoutStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      requestId,
      status,
      idempotencyKey,
      reason,
      paypalTransactionId,
    }: CashoutStatusVariables) =>
      call(api.admin.setCashoutStatus, {
        params: { requestId },
        body: {
          status,
          ...(reason?.trim() ? { reason: reason.trim() } : {}),
          ...(status === 'completed' ? { paypalTransactionId: paypalTransactionId?.trim() ?? '' } : {}),
        },
        idempotencyKey,
      }),
    // A refused change may mean another admin moved the request first: show its current state either way.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.cashouts() }),
        queryClient.invalidateQueries({ queryKey: adminKeys.wallet() }),
      ]),
  });
}

export function useAdminUsers(enabled: boolean) {
  return useQuery({
    queryKey: adminKeys.users(),
    queryFn: ({ signal }) => call(api.admin.users, { signal }),
    enabled,
  });
}

export interface ModerationVariables {
  userId: number;
  value: boolean;
  /** A ban's or a mute's reason, shown to the player; empty or absent: none. */
  reason?: string;
  /** A mute's duration; absent: permanent. */
  duration?: MuteDuration;
}

export function useSetBanned() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, value, reason }: ModerationVariables) =>
      call(api.admin.ban, {
        params: { userId },
        body: value && reason?.trim() ? { banned: value, reason: reason.trim() } : { banned: value },
        idempotencyKey: newIdempotencyKey(),
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.users() }),
  });
}

export function useSetMuted() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, value, reason, duration }: ModerationVariables) =>
      call(api.admin.mute, {
        params: { userId },
        body: value
          ? {
              muted: true,
              duration: duration ?? 'permanent',
              ...(reason?.trim() ? { reason: reason.trim() } : {}),
            }
          : { muted: false },
        idempotencyKey: newIdempotencyKey(),
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.users() }),
  });
}

/** One user's fraud report with the wallet's review hold on their outgoing coins ('View Profile'). */
export function useAdminUserFlags(userId: number | null) {
  return useQuery({
    queryKey: adminKeys.userFlags(userId ?? 0),
    queryFn: ({ signal }) => call(api.admin.userFlags, { params: { userId: userId! }, signal }),
    enabled: userId !== null,
  });
}

/**
 * Ends the review hold of a user (written to the audit log). `idempotencyKey` is one per confirmed
 * click, so a retry of that click clears once.
 */
export function useClearFraudHold() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, idempotencyKey }: { userId: number; idempotencyKey: string }) =>
      call(api.admin.clearFraudHold, { params: { userId }, body: {}, idempotencyKey }),
    onSettled: (_hold, _error, { userId }) =>
      queryClient.invalidateQueries({ queryKey: adminKeys.userFlags(userId) }),
  });
}

/** One user's sales, buys and trades, newest first (User Management: 'View Trade History'). */
export function useAdminUserTrades(userId: number | null) {
  return usePagedList({
    queryKey: adminKeys.userTrades(userId ?? 0),
    fetchPage: (cursor, signal) =>
      call(api.admin.userTrades, { params: { userId: userId! }, query: { cursor }, signal }),
    enabled: userId !== null,
  });
}

/** {profitWallet, coins}: the platform's fee income and the admin's own balance. */
export function useAdminWallet(enabled: boolean) {
  return useQuery({
    queryKey: adminKeys.wallet(),
    queryFn: ({ signal }) => call(api.admin.wallet, { signal }),
    enabled,
  });
}

export function useAdminCollectionCards(enabled: boolean) {
  return useQuery({
    queryKey: adminKeys.collectionCards(),
    queryFn: ({ signal }) => call(api.admin.collectionCards, { signal }),
    enabled,
  });
}

export function useTransferToShop() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TransferToShopBody) =>
      call(api.admin.transferToShop, { body, idempotencyKey: newIdempotencyKey() }),
    onSuccess: (result) => {
      if (!result.success) return;
      void queryClient.invalidateQueries({ queryKey: adminKeys.collectionCards() });
      void queryClient.invalidateQueries({ queryKey: userQueryKey });
    },
  });
}

/** The audit log, newest first, a page at a time, under the screen's filters. */
export function useAuditLog(filter: AuditLogFilter, enabled: boolean) {
  return usePagedList({
    queryKey: adminKeys.auditLog(filter),
    keepPrevious: true,
    fetchPage: (cursor, signal) => call(api.admin.auditLog, { query: { ...filter, cursor }, signal }),
    enabled,
  });
}

/** Requests waiting for an admin: the header's badge (the live stream keeps the queue fresh). */
export function usePendingCashoutCount(enabled: boolean): number {
  const requests = useAdminCashouts(enabled);
  return requests.data?.filter((r) => r.status === 'pending').length ?? 0;
}
