import type {
  AdminCashoutRequest,
  AdminUser,
  AuditEntry,
  CollectionCard,
  FraudFlag,
  FraudHold,
  FraudReport,
  UserFlags,
} from '@touchline/contract';
import type { AdminCashout__Output } from '@touchline/protos/gen/touchline/admin/AdminCashout';
import type { AdminUser__Output } from '@touchline/protos/gen/touchline/admin/AdminUser';
import type { AuditEntry__Output } from '@touchline/protos/gen/touchline/admin/AuditEntry';
import type { CollectionCard__Output } from '@touchline/protos/gen/touchline/admin/CollectionCard';
import type { FraudFlag__Output } from '@touchline/protos/gen/touchline/admin/FraudFlag';
import type { FraudHold__Output } from '@touchline/protos/gen/touchline/admin/FraudHold';
import type { FraudReport__Output } from '@touchline/protos/gen/touchline/admin/FraudReport';

/** Cents from the services become dollars with two decimals on the wire. */
export const dollars = (cents: number): number => Math.round(cents) / 100;

/** proto3 has no null: an empty string is "not set". */
const orNull = (text: string): string | null => (text === '' ? null : text);

function parsedJson(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

const SEVERITIES = ['info', 'warning', 'high'] as const;
export function fraudFlagJson(flag: FraudFlag__Output): FraudFlag {
  const severity = SEVERITIES.find((s) => s === flag.severity) ?? 'warning';
  return { code: flag.code, severity, message: flag.message };
}

export function fraudReportJson(report: FraudReport__Output): FraudReport {
  return {
    userId: report.userId,
    accountAgeDays: report.accountAgeDays,
    purchaseCount: report.purchaseCount,
    purchaseTotal: dollars(report.purchaseTotalCents),
    testPurchaseCount: report.testPurchaseCount,
    testPurchaseTotal: dollars(report.testPurchaseTotalCents),
    coinsReceivedFromPlayers: report.coinsReceivedFromPlayers,
    coinsSentToPlayers: report.coinsSentToPlayers,
    cardsReceivedFromPlayers: report.cardsReceivedFromPlayers,
    cardValueReceivedFromPlayers: report.cardValueReceivedFromPlayers,
    cardsSentToPlayers: report.cardsSentToPlayers,
    cardValueSentToPlayers: report.cardValueSentToPlayers,
    exchanges: report.exchanges,
    flagged: report.flagged,
    flags: report.flags.map(fraudFlagJson),
  };
}

export function adminCashoutJson(request: AdminCashout__Output): AdminCashoutRequest {
  return {
    id: request.id,
    userId: request.userId,
    user: request.userEmail ? { email: request.userEmail, username: request.userUsername } : null,
    status: request.status as AdminCashoutRequest['status'],
    coinsAmount: request.coinsAmount,
    cashAmount: dollars(request.cashAmountCents),
    paypalEmail: request.paypalEmail,
    createdAt: request.createdAt,
    processedAt: orNull(request.processedAt),
    processedByUserId: request.processedByUserId || null,
    feeCoins: request.feeCoins,
    requester: request.requester ? fraudReportJson(request.requester) : null,
    test: request.test,
    reason: orNull(request.reason),
    paypalTransactionId: orNull(request.paypalTransactionId),
    history: request.history.map((event) => ({
      status: event.status as AdminCashoutRequest['status'],
      actorUserId: event.actorUserId,
      at: event.at,
      paypalTransactionId: orNull(event.paypalTransactionId),
      reason: orNull(event.reason),
    })),
  };
}

export function adminUserJson(user: AdminUser__Output): AdminUser {
  return {
    id: user.id,
    email: user.email,
    username: user.username,
    coins: user.coins,
    collectionValue: user.collectionValue,
    cardCount: user.cardCount,
    rank: user.rank > 0 ? user.rank : null,
    createdAt: user.createdAt,
    lastLoginAt: orNull(user.lastLoginAt),
    isAdmin: user.isAdmin,
    banned: user.banned,
    muted: user.muted,
    purchaseTotal: dollars(user.purchaseTotalCents),
    purchaseCount: user.purchaseCount,
    testPurchaseTotal: dollars(user.testPurchaseTotalCents),
    testPurchaseCount: user.testPurchaseCount,
    flags: user.flags.map(fraudFlagJson),
    spendingLimit: user.hasSpendingLimit ? dollars(user.spendingLimitCents) : null,
    banReason: user.banned ? orNull(user.banReason) : null,
    muteReason: user.muted ? orNull(user.muteReason) : null,
    mutedUntil: user.muted ? orNull(user.mutedUntil) : null,
  };
}

export function collectionCardJson(card: CollectionCard__Output): CollectionCard {
  return {
    id: card.id,
    isMessi: card.isMessi,
    rarity: card.rarity,
    position: card.position,
    edition: card.edition,
    maxEditions: card.maxEditions,
    imageUrl: card.imageUrl,
    playerName: card.playerName,
    teamName: card.teamName,
    currentPrice: card.currentPrice,
  };
}

export function auditEntryJson(entry: AuditEntry__Output): AuditEntry {
  return {
    id: entry.id,
    actorUserId: entry.actorUserId,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    subjectUserId: entry.subjectUserId || null,
    details: parsedJson(entry.detailsJson),
    outcome: entry.outcome,
    createdAt: entry.createdAt,
    finishedAt: orNull(entry.finishedAt),
    before: parsedJson(entry.beforeJson),
    after: parsedJson(entry.afterJson),
    error: orNull(entry.error),
  };
}

export function fraudHoldJson(hold: FraudHold__Output | null | undefined): FraudHold {
  return {
    held: hold?.held ?? false,
    reason: orNull(hold?.reason ?? ''),
    heldAt: orNull(hold?.heldAt ?? ''),
    clearedAt: orNull(hold?.clearedAt ?? ''),
    clearedByUserId: hold?.clearedBy ? hold.clearedBy : null,
  };
}

export function userFlagsJson(report: FraudReport__Output): UserFlags {
  return { ...fraudReportJson(report), hold: fraudHoldJson(report.hold) };
}
