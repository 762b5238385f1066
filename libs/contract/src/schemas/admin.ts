import { z } from 'zod';
import { Id, idParam, Timestamp } from './common';
import { CashoutStatus } from './cashout';
import { pageOf, pageQuery } from './paging';

/** Dollars with two decimals, from the services' *_cents fields. */
const Dollars = z.number();

/** Why an account looks risky, in an admin's words (docs/design.md#7-decisions-on-the-specs-open-points). */
export const FraudFlag = z
  .object({
    code: z.string(),
    severity: z.enum(['info', 'warning', 'high']),
    message: z.string(),
  })
  .meta({ id: 'FraudFlag' });

/** The signals behind a user's flags: values in coins summed over exchanges with other players. */
export const FraudReport = z
  .object({
    userId: z.number(),
    accountAgeDays: z.number(),
    /** Real money only. */
    purchaseCount: z.number(),
    purchaseTotal: Dollars,
    /** Test payments (no money taken), never part of the real purchases. */
    testPurchaseCount: z.number(),
    testPurchaseTotal: Dollars,
    coinsReceivedFromPlayers: z.number(),
    coinsSentToPlayers: z.number(),
    cardsReceivedFromPlayers: z.number(),
    cardValueReceivedFromPlayers: z.number(),
    cardsSentToPlayers: z.number(),
    cardValueSentToPlayers: z.number(),
    exchanges: z.number(),
    flagged: z.boolean(),
    flags: z.array(FraudFlag),
  })
  .meta({ id: 'FraudReport' });

/**
 * The wallet's review hold on a user (docs/design.md#6-security): while `held`, the user sends no
 * coins to other players and requests no cash-out, until an admin clears it.
 */
export const FraudHold = z
  .object({
    held: z.boolean(),
    /** The high-severity flags that placed it; null when never held. */
    reason: z.string().nullable(),
    heldAt: Timestamp.nullable(),
    clearedAt: Timestamp.nullable(),
    clearedByUserId: z.number().nullable(),
  })
  .meta({ id: 'FraudHold' });

/** One user's report on User Management, with the hold on their outgoing coins. */
export const UserFlags = FraudReport.extend({ hold: FraudHold }).meta({ id: 'UserFlags' });

/** One admin move of a cash-out request. */
export const CashoutHistoryEvent = z
  .object({
    status: CashoutStatus,
    actorUserId: z.number(),
    at: Timestamp,
    /** completed: the PayPal transaction id recorded; null otherwise. */
    paypalTransactionId: z.string().nullable(),
    /** rejected: the reason given; null otherwise. */
    reason: z.string().nullable(),
  })
  .meta({ id: 'CashoutHistoryEvent' });

/** A cash-out request as the review screen shows it, with the requester's flags. */
export const AdminCashoutRequest = z
  .object({
    id: z.number(),
    userId: z.number(),
    /** null when the user could not be read: the screen shows 'User {id}'. */
    user: z.object({ email: z.string(), username: z.string() }).nullable(),
    status: CashoutStatus,
    coinsAmount: z.number(),
    cashAmount: Dollars,
    paypalEmail: z.string(),
    createdAt: Timestamp,
    processedAt: Timestamp.nullable(),
    processedByUserId: z.number().nullable(),
    feeCoins: z.number(),
    requester: FraudReport.nullable(),
    /** Requested in a test deployment: backed by test payments, no real money came in. */
    test: z.boolean(),
    /** A rejection's reason; null when none was given. */
    reason: z.string().nullable(),
    /** The PayPal transaction that paid a completed request; null otherwise. */
    paypalTransactionId: z.string().nullable(),
    /** The admins' moves of the request, oldest first (from the audit log). */
    history: z.array(CashoutHistoryEvent),
  })
  .meta({ id: 'AdminCashoutRequest' });

export const AdminCashoutQuery = z.strictObject({ status: CashoutStatus.optional() });
export const CashoutRequestParams = z.object({ requestId: idParam('requestId') });
/**
 * The longest reason an admin may give (a rejection, a ban). The same bound as libs/rules'
 * MAX_REASON_LENGTH, which the owning services apply: the contract imports no workspace code, as
 * the web's build loads it in Node (web/build/contract-for-browser.ts).
 */
export const REASON_MAX_LENGTH = 200;

/** Trimmed; empty means none (issue 30: rejections and bans). */
const Reason = z
  .string({ error: 'reason must be text' })
  .trim()
  .max(REASON_MAX_LENGTH, `The reason can have up to ${REASON_MAX_LENGTH} characters`);

/**
 * The PayPal transaction id: 17 letters and digits, as on PayPal's receipt (libs/rules'
 * PAYPAL_TRANSACTION_ID, which the admin service applies; the contract imports no workspace code).
 */
export const PAYPAL_TRANSACTION_ID_SOURCE = '^[A-Z0-9]{17}$';
/** The web's build carries the contract's plain values only: it makes its RegExp from the source. */
const PAYPAL_TRANSACTION_ID_PATTERN = new RegExp(PAYPAL_TRANSACTION_ID_SOURCE);
export const PAYPAL_TRANSACTION_ID_MESSAGE =
  'Enter the PayPal transaction ID: 17 letters and digits, as on the PayPal receipt';
const PaypalTransactionId = z
  .string({ error: 'paypalTransactionId must be text' })
  .trim()
  .toUpperCase()
  .regex(PAYPAL_TRANSACTION_ID_PATTERN, PAYPAL_TRANSACTION_ID_MESSAGE);

/** Completing a request records the PayPal payment sent (issue 43): its transaction id is required. */
export const CashoutStatusBody = z
  .strictObject({
    status: CashoutStatus,
    reason: Reason.optional(),
    paypalTransactionId: PaypalTransactionId.optional(),
  })
  .refine((body) => !body.reason || body.status === 'rejected', {
    message: 'A reason can be given only when rejecting a request',
  })
  .refine((body) => body.status !== 'completed' || body.paypalTransactionId !== undefined, {
    message: PAYPAL_TRANSACTION_ID_MESSAGE,
  })
  .refine((body) => body.paypalTransactionId === undefined || body.status === 'completed', {
    message: 'A PayPal transaction ID is given only when completing a request',
  });

/** A user in User Management and the Users tab. */
export const AdminUser = z
  .object({
    id: z.number(),
    email: z.string(),
    username: z.string(),
    coins: z.number(),
    collectionValue: z.number(),
    cardCount: z.number(),
    /** null: unranked ('N/A'). */
    rank: z.number().nullable(),
    createdAt: Timestamp,
    lastLoginAt: Timestamp.nullable(),
    isAdmin: z.boolean(),
    banned: z.boolean(),
    muted: z.boolean(),
    /** Real money only. */
    purchaseTotal: Dollars,
    purchaseCount: z.number(),
    /** Test payments (no money taken), apart: a test deployment's players have only these. */
    testPurchaseTotal: Dollars,
    testPurchaseCount: z.number(),
    /** Warning and high flags only (the 'Flags' column). */
    flags: z.array(FraudFlag),
    /** The player's monthly limit on coin purchases in dollars, null when none is set. */
    spendingLimit: Dollars.nullable(),
    /** While banned: the reason given; null when none. */
    banReason: z.string().nullable(),
    /** While muted: the reason given (null: none) and the end (null: permanent). */
    muteReason: z.string().nullable(),
    mutedUntil: Timestamp.nullable(),
  })
  .meta({ id: 'AdminUser' });

export const UserParams = z.object({ userId: idParam('userId') });
/** Not a call of the spec: always a page. */
export const UserTradesQuery = z.strictObject(pageQuery);
export const BanBody = z
  .strictObject({ banned: z.boolean(), reason: Reason.optional() })
  .refine((body) => !body.reason || body.banned, { message: 'A reason can be given only with a ban' });
/** How long a mute lasts (libs/rules' MUTE_DURATIONS): 1 hour, 24 hours, 7 days or until lifted. */
export const MUTE_DURATION_SECONDS = { '1h': 3_600, '24h': 86_400, '7d': 604_800, permanent: 0 } as const;
export const MuteDuration = z.enum(['1h', '24h', '7d', 'permanent'], {
  error: 'A mute lasts 1 hour, 24 hours, 7 days or until lifted',
});
export type MuteDuration = z.infer<typeof MuteDuration>;

/**
 * A mute may take a reason and a duration (issue 43; none: permanent, the spec's `{muted}` call);
 * an unmute takes neither.
 */
export const MuteBody = z
  .strictObject({ muted: z.boolean(), reason: Reason.optional(), duration: MuteDuration.optional() })
  .refine((body) => body.muted || (!body.reason && !body.duration), {
    message: 'A reason and a duration can be given only with a mute',
  });

export const AdminWallet = z
  .object({
    /** Coins in platform:profit (fees of trades, sales and cash-outs). */
    profitWallet: z.number(),
    /** The admin's own coins. */
    coins: z.number(),
  })
  .meta({ id: 'AdminWallet' });

export const CollectionCard = z
  .object({
    id: z.number(),
    isMessi: z.boolean(),
    rarity: z.string(),
    position: z.string(),
    edition: z.number(),
    maxEditions: z.number(),
    imageUrl: z.string(),
    playerName: z.string(),
    teamName: z.string(),
    currentPrice: z.number(),
  })
  .meta({ id: 'CollectionCard' });
export const CollectionCards = z.object({ cards: z.array(CollectionCard) });

export const TransferToShopBody = z.union([
  z.strictObject({ transferAllNonMessi: z.literal(true) }),
  z.strictObject({ cardIds: z.array(Id).min(1, 'Choose one or more cards').max(500) }),
]);

export const TransferResult = z
  .object({
    success: z.boolean(),
    transferred: z.number(),
    remaining: z.number(),
    error: z.string().nullable(),
  })
  .meta({ id: 'TransferResult' });

export const AUDIT_ACTIONS = [
  'user.ban',
  'user.unban',
  'user.mute',
  'user.unmute',
  'cashout.status',
  'cards.transfer_to_shop',
  'user.clear_fraud_hold',
  'challenges.create',
  'challenges.schedule',
  'challenges.retire',
  'matchday.results_import',
] as const;

export const AuditLogQuery = z
  .strictObject({
    actorUserId: z.coerce.number().int().positive().optional(),
    action: z.enum(AUDIT_ACTIONS).optional(),
    /** The user an entry is about: a moderated user, a cash-out's requester. */
    userId: z.coerce.number().int().positive().optional(),
    /** Entries at or after this instant. */
    from: z.iso.datetime({ offset: true, error: 'from must be an ISO-8601 date and time' }).optional(),
    /** Entries before this instant. */
    to: z.iso.datetime({ offset: true, error: 'to must be an ISO-8601 date and time' }).optional(),
    ...pageQuery,
  })
  .refine((q) => !q.from || !q.to || Date.parse(q.from) < Date.parse(q.to), {
    message: 'from must be before to',
  });

export const AuditEntry = z
  .object({
    id: z.number(),
    actorUserId: z.number(),
    action: z.string(),
    targetType: z.string(),
    targetId: z.string(),
    /** The user the entry is about (moderated, a cash-out's requester); null: none. */
    subjectUserId: z.number().nullable(),
    details: z.unknown(),
    /** 'pending' while the action runs (a crash mid-way leaves it visible), then 'ok' or 'failed'. */
    outcome: z.string(),
    createdAt: Timestamp,
    finishedAt: Timestamp.nullable(),
    before: z.unknown(),
    after: z.unknown(),
    error: z.string().nullable(),
  })
  .meta({ id: 'AuditEntry' });
export const AuditLogPage = pageOf(AuditEntry).meta({ id: 'AuditLogPage' });

export type FraudFlag = z.infer<typeof FraudFlag>;
export type FraudReport = z.infer<typeof FraudReport>;
export type FraudHold = z.infer<typeof FraudHold>;
export type UserFlags = z.infer<typeof UserFlags>;
export type AdminCashoutRequest = z.infer<typeof AdminCashoutRequest>;
export type CashoutHistoryEvent = z.infer<typeof CashoutHistoryEvent>;
export type AdminUser = z.infer<typeof AdminUser>;
export type AdminWallet = z.infer<typeof AdminWallet>;
export type CollectionCard = z.infer<typeof CollectionCard>;
export type TransferToShopBody = z.infer<typeof TransferToShopBody>;
export type TransferResult = z.infer<typeof TransferResult>;
export type AuditEntry = z.infer<typeof AuditEntry>;
