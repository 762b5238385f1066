import { z } from 'zod';
import { Timestamp } from './common';

/** Cash-out (docs/spec/economy-admin-spec.md#2-screens-and-routes, #3-entities-and-their-fields, #4-states-and-transitions and #5-validation-rules; docs/design.md#3-money-one-ledger and #4-cross-service-operations-sagas). Amounts of money are US dollars. */

export const CASHOUT_STATUSES = ['pending', 'processing', 'completed', 'rejected'] as const;
export const CashoutStatus = z.enum(CASHOUT_STATUSES).meta({ id: 'CashoutStatus' });
export type CashoutStatus = z.infer<typeof CashoutStatus>;

export const CASHOUT_REQUIREMENT_IDS = [
  'minimum_balance',
  'purchases',
  'purchase_total',
  'monthly',
  'platform_funds',
  'processing',
] as const;

/** One line of the form's requirements, decided by the wallet for this user. */
export const CashoutRequirement = z
  .object({
    id: z.enum(CASHOUT_REQUIREMENT_IDS),
    /** not_applicable: information, nothing to meet (the processing time). */
    state: z.enum(['met', 'unmet', 'not_applicable']),
    /** When unmet: the blocker in the page's words. */
    detail: z.string().nullable(),
    /** When unmet, what it takes: coins (minimum_balance), purchases (purchases), dollars (purchase_total). */
    needed: z.number().nullable(),
  })
  .meta({ id: 'CashoutRequirement' });
export type CashoutRequirement = z.infer<typeof CashoutRequirement>;

const INVALID_COINS = 'Please enter a valid coins amount';

/**
 * GET /api/cashout/eligibility?coins=N: the requirements judged for the amount typed (the purchases
 * less earlier cash-outs must exceed its cash); without it, for the smallest cash-out.
 */
export const CashoutEligibilityQuery = z.strictObject({
  coins: z.coerce
    .number({ error: INVALID_COINS })
    .int(INVALID_COINS)
    .positive(INVALID_COINS)
    .max(Number.MAX_SAFE_INTEGER, INVALID_COINS)
    .optional()
    .meta({ description: 'The amount typed on the form; the amount-dependent rules are judged for it' }),
});
export type CashoutEligibilityQuery = z.infer<typeof CashoutEligibilityQuery>;

/** What the form needs to know before a request: the rules the server applies, and which ones are unmet. */
export const CashoutEligibility = z
  .object({
    eligible: z.boolean(),
    /** Why not, in the page's words; empty when eligible. */
    reasons: z.array(z.string()),
    minCoins: z.number(),
    /** Dollars the minimum pays. */
    minCash: z.number(),
    coinsPerDollar: z.number(),
    /** 0.88 */
    payoutRate: z.number(),
    purchaseCount: z.number(),
    /** Dollars spent on coin purchases, ever. */
    purchaseTotal: z.number(),
    requestedThisMonth: z.boolean(),
    /** The spendable balance. */
    coins: z.number(),
    /** When requestedThisMonth: the first day a new request is possible. */
    nextRequestFrom: Timestamp.nullable(),
    /** The page's requirements in its order, each met, unmet or not applicable. */
    requirements: z.array(CashoutRequirement),
    /** The largest amount a request may have now; 0 when none reaches the minimum. */
    maxCoins: z.number(),
  })
  .meta({ id: 'CashoutEligibility' });
export type CashoutEligibility = z.infer<typeof CashoutEligibility>;

/**
 * A positive whole number of coins, refused here because gRPC's int64 would silently truncate 13000.5
 * to 13000. The wallet checks the e-mail and every other rule.
 */
export const CashoutRequestBody = z.strictObject({
  coinsAmount: z
    .number({ error: INVALID_COINS })
    .int(INVALID_COINS)
    .positive(INVALID_COINS)
    .max(Number.MAX_SAFE_INTEGER, INVALID_COINS),
  paypalEmail: z.string({ error: 'Please enter a valid PayPal email address' }).max(320),
});
export type CashoutRequestBody = z.infer<typeof CashoutRequestBody>;

/** The spec's cash-out request entity (section 3). */
export const CashoutRequest = z
  .object({
    id: z.number(),
    userId: z.number(),
    user: z.object({ email: z.string() }),
    status: CashoutStatus,
    coinsAmount: z.number(),
    /** Dollars with two decimals: floor(coins / 2273 * 0.88 * 100) / 100. */
    cashAmount: z.number(),
    paypalEmail: z.string(),
    createdAt: Timestamp,
    processedAt: Timestamp.nullable(),
    /** A rejection's reason, in the admin's words; null when none was given. */
    reason: z.string().nullable(),
  })
  .meta({ id: 'CashoutRequest' });
export type CashoutRequest = z.infer<typeof CashoutRequest>;

export const CashoutCreated = z.object({
  request: CashoutRequest,
  /** The balance afterwards. */
  coins: z.number(),
});
export type CashoutCreated = z.infer<typeof CashoutCreated>;

/** Responsible play (docs/design.md#7-decisions-on-the-specs-open-points): the player's monthly limit on coin purchases, in dollars. */
export const SpendingLimit = z
  .object({
    /** The limit in force; null: none. */
    monthlyLimit: z.number().nullable(),
    /** A raise or removal waiting for its 24 hours. */
    pending: z.object({ monthlyLimit: z.number().nullable(), effectiveAt: Timestamp }).nullable(),
    /** Completed purchases this calendar month (New York time). */
    spentThisMonth: z.number(),
    /** What may still be spent this month; null without a limit. */
    remaining: z.number().nullable(),
  })
  .meta({ id: 'SpendingLimit' });
export type SpendingLimit = z.infer<typeof SpendingLimit>;

const LIMIT_MESSAGE = 'monthlyLimit must be an amount in dollars, or null for no limit';

export const SpendingLimitBody = z.strictObject({
  monthlyLimit: z.number({ error: LIMIT_MESSAGE }).positive(LIMIT_MESSAGE).max(100_000).nullable(),
});
export type SpendingLimitBody = z.infer<typeof SpendingLimitBody>;
