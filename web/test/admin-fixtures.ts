import type { AdminCashoutRequest, AdminUser, FraudReport } from '@touchline/contract';

export function makeReport(overrides: Partial<FraudReport> = {}): FraudReport {
  return {
    userId: 21,
    accountAgeDays: 40,
    purchaseCount: 3,
    purchaseTotal: 60,
    testPurchaseCount: 0,
    testPurchaseTotal: 0,
    coinsReceivedFromPlayers: 0,
    coinsSentToPlayers: 0,
    cardsReceivedFromPlayers: 0,
    cardValueReceivedFromPlayers: 0,
    cardsSentToPlayers: 0,
    cardValueSentToPlayers: 0,
    exchanges: 0,
    flagged: false,
    flags: [],
    ...overrides,
  };
}

export function makeCashout(overrides: Partial<AdminCashoutRequest> = {}): AdminCashoutRequest {
  return {
    id: 11,
    userId: 21,
    user: { email: 'rich@example.com', username: 'rich' },
    status: 'pending',
    coinsAmount: 13_000,
    cashAmount: 5.03,
    paypalEmail: 'rich@paypal.example',
    createdAt: '2026-03-05T14:30:00',
    processedAt: null,
    processedByUserId: null,
    feeCoins: 0,
    requester: makeReport(),
    test: false,
    reason: null,
    paypalTransactionId: null,
    history: [],
    ...overrides,
  };
}

export function makeAdminUser(overrides: Partial<AdminUser> = {}): AdminUser {
  return {
    id: 21,
    email: 'player@example.com',
    username: 'player',
    coins: 5_000,
    collectionValue: 12_000,
    cardCount: 3,
    rank: 4,
    createdAt: '2026-01-10T10:00:00',
    lastLoginAt: '2026-03-01T09:15:00',
    isAdmin: false,
    banned: false,
    muted: false,
    purchaseTotal: 0,
    purchaseCount: 0,
    testPurchaseTotal: 0,
    testPurchaseCount: 0,
    flags: [],
    spendingLimit: null,
    banReason: null,
    muteReason: null,
    mutedUntil: null,
    ...overrides,
  };
}
