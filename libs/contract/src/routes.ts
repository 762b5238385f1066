import { NotificationsPage, NotificationsQuery, UnreadCount } from './schemas/notifications';
import { z } from 'zod';
import { admin } from './admin-routes';
import { auctions } from './auction-routes';
import { watchlist } from './watchlist-routes';
import { matchday } from './matchday-routes';
import { adminChallenges, challenges } from './challenge-routes';
import { defineRoute, type RouteDef } from './route';
import {
  CatalogEntry,
  CatalogPage,
  CatalogQuery,
  Card,
  FavoriteTeamBody,
  Player,
  StarterPackRevealed,
  Team,
  UsernameBody,
} from './schemas/cards';
import {
  CashoutCreated,
  CashoutEligibility,
  CashoutEligibilityQuery,
  CashoutRequest,
  CashoutRequestBody,
  SpendingLimit,
  SpendingLimitBody,
} from './schemas/cashout';
import { EmptyBody, ErrorBody, IdParams, PendingBody, SuccessMessage } from './schemas/common';
import { LiveStreamEvent } from './schemas/live';
import {
  Balance,
  BuyBody,
  BuyResult,
  MarketItem,
  MarketPage,
  MarketQuery,
  MarketStatus,
  OwnListingsPage,
  OwnListingsQuery,
  RepriceBody,
  PlayersPage,
  PlayersQuery,
  PriceHistory,
  PriceHistoryQuery,
  SellBody,
  SellResult,
  TRENDING_LIMIT,
  WithdrawResult,
} from './schemas/market';
import { LeaderboardEntry } from './schemas/leaderboard';
import { BadgeDefinition, ClaimResult, Mission, MissionLists } from './schemas/missions';
import {
  CoinPackage,
  CreatePaymentIntentBody,
  IntentParams,
  PaymentIntent,
  PaymentSuccess,
  PaymentSuccessBody,
  PromoRedeemBody,
  PromoRedeemResult,
  StripeEvent,
  TestAuthenticateBody,
  TestCardBody,
  TestPaymentResult,
  WebhookReceived,
} from './schemas/payments';
import {
  CardPack,
  PackPurchaseBody,
  PackPurchaseRefunded,
  PackPurchaseResult,
  PackRevealedBody,
  UnopenedPack,
} from './schemas/shop';
import {
  CounterOfferBody,
  CreateOfferBody,
  CreateWishBody,
  IncomingCount,
  OfferForWishBody,
  OffersQuery,
  TradeHistoryPage,
  TradeHistoryQuery,
  TradeableCard,
  TradeOffer,
  TradeRecord,
  TradeWish,
  WishesQuery,
} from './schemas/trades';
import {
  ChangePasswordBody,
  Credentials,
  ForgotPasswordBody,
  ResetPasswordBody,
  SignInRefused,
  VerifyAdminBody,
  User,
  UsernameEntry,
} from './schemas/user';

const error = ErrorBody;
const NoQuery = z.strictObject({});

/**
 * A stream opened anew (not the browser's own reconnect) cannot set Last-Event-ID, so it names the
 * position it had here instead; the header wins when both are sent.
 */
const StreamQuery = z.strictObject({
  lastEventId: z
    .string()
    .regex(/^\d{1,15}$/, 'lastEventId must be the id of an event of this stream')
    .optional()
    .meta({ description: 'The id of the last event received, for a stream opened anew' }),
});

/**
 * What an anonymous caller may post: an e-mail and a password of 128 characters, or a token, even
 * with every character written as a \u escape, fit in 4 kB; anything bigger is refused unparsed.
 */
const ANONYMOUS_BODY_LIMIT = 4 * 1024;

/** Sign-up, sign-in, sign-out and password reset: the only calls that need no session. */
export const auth = {
  register: defineRoute({
    method: 'post',
    path: '/api/register',
    summary: 'Create an account and sign in',
    auth: 'optional',
    bodyLimit: ANONYMOUS_BODY_LIMIT,
    body: Credentials,
    idempotent: true,
    responses: { 201: User, 409: error },
  }),
  login: defineRoute({
    method: 'post',
    path: '/api/login',
    summary: 'Sign in',
    auth: 'optional',
    bodyLimit: ANONYMOUS_BODY_LIMIT,
    body: Credentials,
    responses: { 200: User, 401: error, 403: SignInRefused },
  }),
  logout: defineRoute({
    method: 'post',
    path: '/api/logout',
    summary: 'Sign out (the session is revoked at once)',
    auth: 'optional',
    responses: { 200: SuccessMessage },
  }),
  forgotPassword: defineRoute({
    method: 'post',
    path: '/api/forgot-password',
    summary: 'E-mail a single-use password reset link (the same answer whether or not the account exists)',
    auth: 'optional',
    bodyLimit: ANONYMOUS_BODY_LIMIT,
    body: ForgotPasswordBody,
    responses: { 200: SuccessMessage },
  }),
  resetPassword: defineRoute({
    method: 'post',
    path: '/api/reset-password',
    summary: "Set a new password with an e-mailed link's token; every session of the account ends",
    auth: 'optional',
    bodyLimit: ANONYMOUS_BODY_LIMIT,
    body: ResetPasswordBody,
    responses: { 200: SuccessMessage, 422: error },
  }),
  verifyAdmin: defineRoute({
    method: 'post',
    path: '/api/verify-admin',
    summary:
      "Confirm an ADMIN_EMAILS address with its e-mailed link's token and a new password; the account becomes admin and every session of it ends",
    auth: 'optional',
    bodyLimit: ANONYMOUS_BODY_LIMIT,
    body: VerifyAdminBody,
    responses: { 200: SuccessMessage, 404: error, 422: error },
  }),
} as const;

/** The signed-in user's own account. */
export const user = {
  get: defineRoute({
    method: 'get',
    path: '/api/user',
    summary: 'The signed-in user',
    auth: 'session',
    responses: { 200: User },
  }),
  changePassword: defineRoute({
    method: 'post',
    path: '/api/user/change-password',
    summary: 'Change the password; every other session ends',
    auth: 'session',
    body: ChangePasswordBody,
    responses: { 200: SuccessMessage, 422: error },
  }),
  usernames: defineRoute({
    method: 'get',
    path: '/api/users/usernames',
    summary: 'Every user by username (id 0 is the market)',
    auth: 'session',
    responses: { 200: z.array(UsernameEntry) },
  }),
  setFavoriteTeam: defineRoute({
    method: 'post',
    path: '/api/user/favorite-team',
    summary: 'Choose (or clear) the favorite team',
    auth: 'session',
    body: FavoriteTeamBody,
    responses: { 200: User, 404: error },
  }),
  setUsername: defineRoute({
    method: 'post',
    path: '/api/user/username',
    summary: 'Change the username',
    auth: 'session',
    body: UsernameBody,
    responses: { 200: User, 409: error, 422: error },
  }),
  balance: defineRoute({
    method: 'get',
    path: '/api/user/balance',
    summary: "The user's coins",
    auth: 'session',
    responses: { 200: Balance },
  }),
} as const;

/** Teams, rosters, the catalog, the user's cards and starter pack (docs/spec/game-spec.md#7-the-calls-it-makes). */
export const cards = {
  userCards: defineRoute({
    method: 'get',
    path: '/api/user/cards',
    summary: "The user's cards, newest first",
    auth: 'session',
    responses: { 200: z.array(Card) },
  }),
  starterPack: defineRoute({
    method: 'get',
    path: '/api/user/starter-pack',
    summary: 'The starter pack cards not yet revealed',
    auth: 'session',
    responses: { 200: z.array(Card) },
  }),
  starterPackRevealed: defineRoute({
    method: 'post',
    path: '/api/user/starter-pack/revealed',
    summary: 'Mark the starter pack revealed',
    auth: 'session',
    body: EmptyBody,
    responses: { 200: StarterPackRevealed },
  }),
  catalog: defineRoute({
    method: 'get',
    path: '/api/player-catalog',
    summary:
      'Every player with whether (and how often) the user owns them; filtered by the query, paged with cursor or limit',
    auth: 'session',
    query: CatalogQuery,
    responses: { 200: z.union([z.array(CatalogEntry), CatalogPage]) },
  }),
  teams: defineRoute({
    method: 'get',
    path: '/api/teams',
    summary: 'The 30 teams',
    auth: 'session',
    responses: { 200: z.array(Team) },
  }),
  teamsWithPlayerCounts: defineRoute({
    method: 'get',
    path: '/api/teams/with-player-counts',
    summary: 'The 30 teams with their roster sizes',
    auth: 'session',
    responses: { 200: z.array(Team) },
  }),
  teamPlayers: defineRoute({
    method: 'get',
    path: '/api/teams/:id/players',
    summary: "A team's roster, best rank first",
    auth: 'session',
    params: IdParams,
    responses: { 200: z.array(Player), 404: error },
  }),
} as const;

/** Market hours, listings, selling, buying, prices (docs/spec/game-spec.md#7-the-calls-it-makes; docs/design.md#4-cross-service-operations-sagas and #5-cards-and-the-market). */
export const market = {
  status: defineRoute({
    method: 'get',
    path: '/api/market/status',
    summary: 'Whether the market is open, and its next open or close',
    auth: 'session',
    responses: { 200: MarketStatus },
  }),
  listings: defineRoute({
    method: 'get',
    path: '/api/market',
    summary: "Users' listings and the market's own cards; a page of them with cursor or limit",
    auth: 'session',
    query: MarketQuery,
    responses: { 200: z.union([z.array(MarketItem), MarketPage]) },
  }),
  allPlayers: defineRoute({
    method: 'get',
    path: '/api/market/all-players',
    summary: 'Every player with price and 24h change (the stock market); a page of them with cursor or limit',
    auth: 'session',
    query: PlayersQuery,
    responses: { 200: z.union([z.array(Player), PlayersPage]) },
  }),
  trending: defineRoute({
    method: 'get',
    path: '/api/market/trending',
    summary: `The ${TRENDING_LIMIT} biggest 24h movers`,
    auth: 'session',
    responses: { 200: z.array(Player) },
  }),
  priceHistory: defineRoute({
    method: 'get',
    path: '/api/market/players/:id/history',
    summary: "A player's prices, oldest first",
    auth: 'session',
    params: IdParams,
    query: PriceHistoryQuery,
    responses: { 200: PriceHistory, 404: error },
  }),
  sell: defineRoute({
    method: 'post',
    path: '/api/market/sell/:id',
    summary: 'List an own card at a price within 50%-150% of the current price (market hours only)',
    auth: 'session',
    params: IdParams,
    body: SellBody,
    idempotent: true,
    responses: { 200: SellResult, 403: error, 404: error, 409: error, 422: error },
  }),
  withdraw: defineRoute({
    method: 'post',
    path: '/api/market/withdraw/:id',
    summary: 'Take an own listing off the market',
    auth: 'session',
    params: IdParams,
    body: EmptyBody,
    idempotent: true,
    responses: { 200: WithdrawResult, 403: error, 404: error, 409: error },
  }),
  ownListings: defineRoute({
    method: 'get',
    path: '/api/market/my-listings',
    summary: "The player's own open listings, newest first, a page at a time",
    auth: 'session',
    query: OwnListingsQuery,
    responses: { 200: OwnListingsPage },
  }),
  reprice: defineRoute({
    method: 'post',
    path: '/api/market/reprice/:id',
    summary: 'Change the price of an own listing: withdrawn and listed again at the new price, with its fee',
    auth: 'session',
    params: IdParams,
    body: RepriceBody,
    idempotent: true,
    responses: { 200: SellResult, 403: error, 404: error, 409: error, 422: error },
  }),
  buy: defineRoute({
    method: 'post',
    path: '/api/market/buy/:id',
    summary: "Buy a user's listing or a market card; 409 when the price is not the expected one",
    auth: 'session',
    params: IdParams,
    body: BuyBody,
    idempotent: true,
    responses: { 200: BuyResult, 202: PendingBody, 404: error, 409: error, 422: error },
  }),
} as const;

const historyList = (path: '/api/trade-history' | '/api/trade-history/user', summary: string) =>
  defineRoute({
    method: 'get',
    path,
    summary,
    auth: 'session',
    query: TradeHistoryQuery,
    responses: { 200: z.union([z.array(TradeRecord), TradeHistoryPage]) },
  });

export const tradeHistory = {
  all: historyList(
    '/api/trade-history',
    'Every sale and trade, newest first; a page of them with cursor or limit',
  ),
  mine: historyList(
    '/api/trade-history/user',
    "The user's sales and trades, newest first; a page of them with cursor or limit",
  ),
} as const;

const offerAction = (method: 'post' | 'delete', path: `/api/${string}`, summary: string) =>
  defineRoute({
    method,
    path,
    summary,
    auth: 'session',
    params: IdParams,
    ...(method === 'post' ? { body: EmptyBody } : {}),
    idempotent: true,
    responses: { 200: TradeOffer, 403: error, 404: error, 409: error, 422: error },
  });

/** Trade offers and trade wishes (docs/spec/game-spec.md#2-screens-and-routes and #7-the-calls-it-makes; docs/design.md#4-cross-service-operations-sagas and #7-decisions-on-the-specs-open-points). */
export const trades = {
  create: defineRoute({
    method: 'post',
    path: '/api/trades/create',
    summary: 'Offer cards and coins to a user, optionally asking for their cards and coins',
    auth: 'session',
    body: CreateOfferBody,
    idempotent: true,
    responses: { 201: TradeOffer, 403: error, 404: error, 409: error, 422: error },
  }),
  tradeableCards: defineRoute({
    method: 'get',
    path: '/api/trades/users/:id/cards',
    summary: "A user's cards one may ask for in a trade: not listed for sale, not held by a trade",
    auth: 'session',
    params: IdParams,
    responses: { 200: z.array(TradeableCard), 404: error },
  }),
  incomingCount: defineRoute({
    method: 'get',
    path: '/api/trades/incoming/count',
    summary: 'How many offers to the user are pending',
    auth: 'session',
    query: NoQuery,
    responses: { 200: IncomingCount },
  }),
  incoming: defineRoute({
    method: 'get',
    path: '/api/trades/incoming',
    summary: 'Offers to the user',
    auth: 'session',
    query: OffersQuery,
    responses: { 200: z.array(TradeOffer) },
  }),
  outgoing: defineRoute({
    method: 'get',
    path: '/api/trades/outgoing',
    summary: 'Offers the user sent',
    auth: 'session',
    query: OffersQuery,
    responses: { 200: z.array(TradeOffer) },
  }),
  offerForWish: defineRoute({
    method: 'post',
    path: '/api/trades/offer-for-wish',
    summary: "Offer coins or a card for another user's trade wish",
    auth: 'session',
    body: OfferForWishBody,
    idempotent: true,
    responses: { 201: TradeOffer, 403: error, 404: error, 409: error, 422: error },
  }),
  accept: defineRoute({
    method: 'post',
    path: '/api/trades/:id/accept',
    summary: 'Accept an offer: cards and coins change hands; 202 while the saga is still settling',
    auth: 'session',
    params: IdParams,
    body: EmptyBody,
    idempotent: true,
    responses: { 200: TradeOffer, 202: PendingBody, 403: error, 404: error, 409: error, 422: error },
  }),
  decline: offerAction('post', '/api/trades/:id/decline', 'Decline an offer'),
  cancel: offerAction('delete', '/api/trades/:id', 'Cancel an own offer'),
  counter: defineRoute({
    method: 'post',
    path: '/api/trades/:id/counter',
    summary:
      'Answer an incoming pending offer with a counter-offer the other way; the original becomes countered (at most 10 counters per negotiation)',
    auth: 'session',
    params: IdParams,
    body: CounterOfferBody,
    idempotent: true,
    responses: { 201: TradeOffer, 403: error, 404: error, 409: error, 422: error },
  }),
  thread: defineRoute({
    method: 'get',
    path: '/api/trades/:id/thread',
    summary: 'Every offer of the negotiation an offer belongs to, oldest first (its parties only)',
    auth: 'session',
    params: IdParams,
    responses: { 200: z.array(TradeOffer), 404: error },
  }),
  wishes: defineRoute({
    method: 'get',
    path: '/api/tradewishes',
    summary: 'Open trade wishes, filtered and sorted',
    auth: 'session',
    query: WishesQuery,
    responses: { 200: z.array(TradeWish) },
  }),
  createWish: defineRoute({
    method: 'post',
    path: '/api/tradewishes',
    summary: 'List an own card for trade, with what one would like for it',
    auth: 'session',
    body: CreateWishBody,
    idempotent: true,
    responses: { 201: TradeWish, 403: error, 404: error, 409: error, 422: error },
  }),
  cancelWish: defineRoute({
    method: 'delete',
    path: '/api/tradewishes/:id',
    summary: 'Take an own trade wish down',
    auth: 'session',
    params: IdParams,
    idempotent: true,
    responses: { 200: TradeWish, 403: error, 404: error, 409: error },
  }),
} as const;

/** The shop's card packs (docs/spec/economy-admin-spec.md#2-screens-and-routes, #3-entities-and-their-fields and #7-the-calls-it-makes). */
export const packs = {
  list: defineRoute({
    method: 'get',
    path: '/api/packs',
    summary: 'The card packs with their odds',
    auth: 'session',
    responses: { 200: z.array(CardPack) },
  }),
  purchase: defineRoute({
    method: 'post',
    path: '/api/packs/purchase',
    summary: 'Buy and open a pack; 422 with refunded: true when minting failed and the coins came back',
    auth: 'session',
    body: PackPurchaseBody,
    idempotent: true,
    responses: {
      200: PackPurchaseResult,
      202: PendingBody,
      404: error,
      422: z.union([PackPurchaseRefunded, error]),
    },
  }),
  unopened: defineRoute({
    method: 'get',
    path: '/api/packs/unopened',
    summary:
      'Packs bought, and squad challenges’ reward packs, whose cards the player has not revealed yet (at most 20, newest first)',
    auth: 'session',
    responses: { 200: z.array(UnopenedPack) },
  }),
  revealed: defineRoute({
    method: 'post',
    path: '/api/packs/revealed',
    summary: "The player saw a pack's cards: it is no longer unopened (a repeat is fine)",
    auth: 'session',
    body: PackRevealedBody,
    idempotent: true,
    responses: { 200: EmptyBody, 404: error },
  }),
} as const;

/** Coin purchases, test-mode card payments and promo codes (docs/spec/economy-admin-spec.md#2-screens-and-routes, #3-entities-and-their-fields, #5-validation-rules and #7-the-calls-it-makes). */
export const payments = {
  coinPackages: defineRoute({
    method: 'get',
    path: '/api/coin-packages',
    summary: 'The five coin packages',
    auth: 'session',
    responses: { 200: z.array(CoinPackage) },
  }),
  createIntent: defineRoute({
    method: 'post',
    path: '/api/create-payment-intent',
    summary: 'Start paying for a coin package (the server prices it)',
    auth: 'session',
    body: CreatePaymentIntentBody,
    idempotent: true,
    responses: { 200: PaymentIntent, 422: error },
  }),
  success: defineRoute({
    method: 'post',
    path: '/api/payment/success',
    summary: 'Credit the coins of a succeeded payment (once, whoever comes first: this or the webhook)',
    auth: 'session',
    body: PaymentSuccessBody,
    idempotent: true,
    responses: { 200: PaymentSuccess, 403: error, 404: error, 422: error },
  }),
  testConfirm: defineRoute({
    method: 'post',
    path: '/api/test-payments/:intentId/confirm',
    summary: "Test mode: pay with one of Stripe's test cards (404 when Stripe is configured)",
    auth: 'session',
    params: IntentParams,
    body: TestCardBody,
    idempotent: true,
    responses: { 200: TestPaymentResult, 404: error, 422: error },
  }),
  testAuthenticate: defineRoute({
    method: 'post',
    path: '/api/test-payments/:intentId/authenticate',
    summary: 'Test mode: the 3-D Secure step of a payment waiting in requires_action',
    auth: 'session',
    params: IntentParams,
    body: TestAuthenticateBody,
    idempotent: true,
    responses: { 200: TestPaymentResult, 404: error, 422: error },
  }),
  stripeWebhook: defineRoute({
    method: 'post',
    path: '/api/stripe/webhook',
    summary: "Stripe's signed events (the signature is the only credential)",
    auth: 'none',
    body: StripeEvent,
    rawBody: true,
    // Stripe's events carry whole objects (a payment intent and its charges).
    bodyLimit: 1024 * 1024,
    responses: { 200: WebhookReceived },
  }),
  redeemPromo: defineRoute({
    method: 'post',
    path: '/api/promo/redeem',
    summary: 'Redeem a promo code; a code turned down is 200 with success false and the reason',
    auth: 'session',
    body: PromoRedeemBody,
    idempotent: true,
    responses: { 200: PromoRedeemResult },
  }),
} as const;

/** Daily and weekly missions and their rewards (docs/spec/game-spec.md#3-entities-and-their-fields and #7-the-calls-it-makes; docs/design.md#7-decisions-on-the-specs-open-points). */
export const missions = {
  list: defineRoute({
    method: 'get',
    path: '/api/missions',
    summary: "This period's daily and weekly missions with the user's progress",
    auth: 'session',
    responses: { 200: MissionLists },
  }),
  completed: defineRoute({
    method: 'get',
    path: '/api/missions/completed',
    summary: 'Claimed missions, newest first',
    auth: 'session',
    responses: { 200: z.array(Mission) },
  }),
  claim: defineRoute({
    method: 'post',
    path: '/api/missions/:id/claim',
    summary: "Claim a finished mission's reward (paid once); 202 while the wallet has not paid yet",
    auth: 'session',
    params: IdParams,
    body: EmptyBody,
    idempotent: true,
    responses: { 200: ClaimResult, 202: PendingBody, 404: error, 409: error, 422: error },
  }),
  badges: defineRoute({
    method: 'get',
    path: '/api/badges',
    summary:
      "Every badge that can be earned, what earns it and the user's progress toward it (the locked ones of Profile → Achievements)",
    auth: 'session',
    responses: { 200: z.array(BadgeDefinition) },
  }),
} as const;

/** The top collectors by collection value (docs/spec/game-spec.md#3-entities-and-their-fields and #7-the-calls-it-makes). */
export const leaderboard = {
  top: defineRoute({
    method: 'get',
    path: '/api/leaderboard',
    summary: 'The top 100 collectors by collection value',
    auth: 'session',
    responses: { 200: z.array(LeaderboardEntry) },
  }),
} as const;

/** The player's cash-outs (docs/spec/economy-admin-spec.md: Cash Out page, sections 3-5; docs/design.md#3-money-one-ledger and #4-cross-service-operations-sagas). */
export const cashout = {
  eligibility: defineRoute({
    method: 'get',
    path: '/api/cashout/eligibility',
    summary: 'The cash-out rules and which of them the user does not meet yet, for an amount if given',
    auth: 'session',
    query: CashoutEligibilityQuery,
    responses: { 200: CashoutEligibility },
  }),
  request: defineRoute({
    method: 'post',
    path: '/api/cashout/request',
    summary: 'Ask to be paid coins in dollars to a PayPal e-mail; the coins are set aside at once',
    auth: 'session',
    body: CashoutRequestBody,
    idempotent: true,
    responses: { 201: CashoutCreated, 422: error },
  }),
  mine: defineRoute({
    method: 'get',
    path: '/api/cashout/requests',
    summary: "The user's cash-out requests, newest first",
    auth: 'session',
    responses: { 200: z.array(CashoutRequest) },
  }),
} as const;

/** Responsible play (docs/design.md#7-decisions-on-the-specs-open-points): a monthly limit on coin purchases, set by the player. */
export const spendingLimit = {
  get: defineRoute({
    method: 'get',
    path: '/api/user/spending-limit',
    summary: "The user's monthly spending limit, a raise waiting for its 24 hours, and this month's spending",
    auth: 'session',
    responses: { 200: SpendingLimit },
  }),
  set: defineRoute({
    method: 'put',
    path: '/api/user/spending-limit',
    summary: 'Set, lower (at once), raise or remove (after 24 hours) the monthly spending limit',
    auth: 'session',
    body: SpendingLimitBody,
    idempotent: true,
    responses: { 200: SpendingLimit },
  }),
} as const;

/** The user's notifications and their live stream (docs/design.md#7-decisions-on-the-specs-open-points, notifications API). */
export const notifications = {
  list: defineRoute({
    method: 'get',
    path: '/api/notifications',
    summary: "The user's notifications, newest first, paged by cursor",
    auth: 'session',
    query: NotificationsQuery,
    responses: { 200: NotificationsPage },
  }),
  unreadCount: defineRoute({
    method: 'get',
    path: '/api/notifications/unread-count',
    summary: 'How many of the user’s notifications are unread',
    auth: 'session',
    query: NoQuery,
    responses: { 200: UnreadCount },
  }),
  markRead: defineRoute({
    method: 'post',
    path: '/api/notifications/:id/read',
    summary: 'Mark one of the user’s notifications read (404 for any other)',
    auth: 'session',
    params: IdParams,
    body: EmptyBody,
    idempotent: true,
    responses: { 200: UnreadCount, 404: error },
  }),
  markAllRead: defineRoute({
    method: 'post',
    path: '/api/notifications/read-all',
    summary: 'Mark all of the user’s notifications read',
    auth: 'session',
    body: EmptyBody,
    idempotent: true,
    responses: { 200: UnreadCount },
  }),
  stream: defineRoute({
    method: 'get',
    path: '/api/notifications/stream',
    summary:
      'Server-Sent Events, one stream per tab: `unread` ({unreadCount}) first, then `notification` ({notification, unreadCount}) as they are created, ' +
      'and the typed change events of LiveStreamEvent (for the user, for everyone, for admins); `resync` when events may have been missed, ' +
      '`closed` as the last event of a stream the server ends. Only `notification` and `unread` carry an id: a position to send back as ' +
      'Last-Event-ID to resume without gaps or repeats. Comment heartbeats every 20 s. At most 5 streams per user (a 6th closes the oldest ' +
      'with `closed` {reason: replaced}), 50 per client address (429), and a capacity per server (503); both with Retry-After',
    auth: 'session',
    query: StreamQuery,
    eventStream: true,
    responses: { 200: LiveStreamEvent, 429: error, 503: error },
  }),
} as const;

export const meta = {
  openApi: defineRoute({
    method: 'get',
    path: '/api/openapi.json',
    summary: 'This document',
    auth: 'none',
    responses: { 200: z.looseObject({ openapi: z.string() }) },
  }),
} as const;

/** Every /api route, by area. */
export const api = {
  auth,
  user,
  cards,
  market,
  tradeHistory,
  trades,
  packs,
  payments,
  missions,
  leaderboard,
  cashout,
  spendingLimit,
  admin,
  notifications,
  watchlist,
  auctions,
  matchday,
  challenges,
  adminChallenges,
  meta,
} as const;

/** Every /api route in one list (the OpenAPI document and the route-coverage test walk it). */
export const allRoutes: readonly RouteDef[] = Object.values(api).flatMap((area) => Object.values(area));
