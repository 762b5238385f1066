import type { AdminUser } from '@touchline/protos/gen/touchline/admin/AdminUser';
import { columnFlags, type FraudReport } from './fraud';

/** The parts of an admin user-management row, each from its owner. */
export interface UserParts {
  user: {
    id: number;
    email: string;
    username: string;
    createdAt: string;
    lastLoginAt: string;
    isAdmin: boolean;
    banned: boolean;
    muted: boolean;
    banReason?: string;
    muteReason?: string;
    mutedUntil?: string;
  };
  coins: number;
  stats: { rank: number; collectionValue: number; cardCount: number };
  purchases: {
    purchaseCount: number;
    totalCents: number;
    testPurchaseCount?: number;
    testTotalCents?: number;
  };
  limit: { hasLimit: boolean; monthlyLimitCents: number };
  report?: FraudReport;
}

export const NO_STATS = { rank: 0, collectionValue: 0, cardCount: 0 };
export const NO_PURCHASES = { purchaseCount: 0, totalCents: 0 };
export const NO_LIMIT = { hasLimit: false, monthlyLimitCents: 0 };

export function adminUser(p: UserParts): AdminUser {
  return {
    id: p.user.id,
    email: p.user.email,
    username: p.user.username,
    coins: p.coins,
    collectionValue: p.stats.collectionValue,
    cardCount: p.stats.cardCount,
    rank: p.stats.rank,
    createdAt: p.user.createdAt,
    lastLoginAt: p.user.lastLoginAt,
    isAdmin: p.user.isAdmin,
    banned: p.user.banned,
    muted: p.user.muted,
    banReason: p.user.banned ? (p.user.banReason ?? '') : '',
    muteReason: p.user.muted ? (p.user.muteReason ?? '') : '',
    mutedUntil: p.user.muted ? (p.user.mutedUntil ?? '') : '',
    purchaseTotalCents: p.purchases.totalCents,
    purchaseCount: p.purchases.purchaseCount,
    testPurchaseCount: p.purchases.testPurchaseCount ?? 0,
    testPurchaseTotalCents: p.purchases.testTotalCents ?? 0,
    flags: p.report ? columnFlags(p.report) : [],
    hasSpendingLimit: p.limit.hasLimit,
    spendingLimitCents: p.limit.hasLimit ? p.limit.monthlyLimitCents : 0,
  };
}
