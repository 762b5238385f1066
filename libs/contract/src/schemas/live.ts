import { z } from 'zod';
import { CashoutStatus } from './cashout';
import { Timestamp } from './common';
import { NotificationStreamEvent } from './notifications';
import { Badge } from './user';

/**
 * The change events of the live stream (GET /api/notifications/stream, docs/design.md#8-live-and-under-a-crowd).
 * Each is one Server-Sent Event whose `event:` is the key of LIVE_EVENTS and whose `data:` is the
 * JSON of its schema. Only `notification` and `unread` carry an `id:` (a position to resume from);
 * change events carry none, so the browser's Last-Event-ID stays the last notification's position.
 * A page that may have missed change events (a reconnect, a `resync`) refetches what it shows.
 */

/** The user's coin balance after a change. `version` grows with every change: ignore an older one. */
/**
 * A shared answer (the market page, all players, rosters…) that changed less than this long after it
 * was built may still be served unchanged: the gateway rebuilds it at most this often (under a crowd
 * the market changes with every buy), and serves it while it is rebuilt, up to
 * SHARED_ANSWER_MAX_STALE_MS after it was built. A page that refetches because an event said so
 * asks once more after that (web/src/lib/live/market.ts).
 */
export const SHARED_ANSWER_COALESCE_MS = 1_000;
export const SHARED_ANSWER_MAX_STALE_MS = 3 * SHARED_ANSWER_COALESCE_MS;
/**
 * On every shared answer: '1' when it is behind a change the gateway already knows of (served
 * within the intervals above), '0' when not. A page that got '1' asks again after
 * SHARED_ANSWER_MAX_STALE_MS; the live events it follows cannot tell it, for the change came before
 * the page was open. On a 304 too, so a cached copy's value never outlives it.
 */
export const SHARED_ANSWER_BEHIND_HEADER = 'Touchline-Answer-Behind';

export const LiveBalance = z.object({ balance: z.number(), version: z.number() }).meta({ id: 'LiveBalance' });

/** The user's cards changed: gained (pack, purchase, trade, promo), lost (sold, traded, shop), listed or unlisted. */
export const LiveCards = z
  .object({
    change: z.enum(['gained', 'lost', 'listed', 'unlisted']),
    cardIds: z.array(z.number()),
    /** 'listed': the listing's price (0 otherwise). */
    listingPrice: z.number(),
  })
  .meta({ id: 'LiveCards' });

/** One of the user's trade offers changed state; `role` is the user's side of it. */
export const LiveOffers = z
  .object({
    change: z.enum(['made', 'accepted', 'declined', 'cancelled', 'expired', 'voided', 'countered']),
    role: z.enum(['sender', 'recipient']),
    offerId: z.number(),
  })
  .meta({ id: 'LiveOffers' });

/** A trade wish of the user, or an offer on one, changed. */
export const LiveWishes = z
  .object({ change: z.enum(['created', 'removed', 'offered']), wishId: z.number() })
  .meta({ id: 'LiveWishes' });

/** One of the user's cash-out requests moved to `status`. */
export const LiveCashout = z
  .object({ requestId: z.number(), status: CashoutStatus })
  .meta({ id: 'LiveCashout' });

/** A mission of the current period as its list now shows it (the Mission's changing fields). */
export const LiveMissionProgress = z
  .object({
    missionId: z.number(),
    progress: z.number(),
    completed: z.boolean(),
    completedAt: Timestamp.nullable(),
    resetsAt: Timestamp,
  })
  .meta({ id: 'LiveMissionProgress' });

/**
 * The user's mission progress moved, a mission completed or a reward was claimed. Progress and
 * completions carry the missions that moved, so an open list takes them without a read.
 */
export const LiveMissions = z
  .object({
    change: z.enum(['progress', 'completed', 'claimed']),
    missionId: z.number().nullable(),
    missions: z.array(LiveMissionProgress),
  })
  .meta({ id: 'LiveMissions' });

/** The user earned a badge: the badge as the user's badges list it, and its id. */
export const LiveBadges = Badge.extend({ badgeId: z.string() }).meta({ id: 'LiveBadges' });

export const LivePrice = z
  .object({
    playerId: z.number(),
    price: z.number(),
    previousPrice: z.number(),
    /** Percent over the last 24 hours. */
    priceChange: z.number(),
  })
  .meta({ id: 'LivePrice' });

/** For everyone: a price tick with every price it changed, and when it happened. */
export const LivePrices = z
  .object({ tick: z.number(), at: Timestamp, prices: z.array(LivePrice) })
  .meta({ id: 'LivePrices' });

/** For everyone: a market listing was added, withdrawn or sold (a direct buy from the market: listingId 0). */
export const LiveMarket = z
  .object({
    change: z.enum(['listed', 'withdrawn', 'sold']),
    listingId: z.number(),
    cardId: z.number(),
    playerId: z.number(),
    /** The listing's price (listed, sold); null when withdrawn. */
    price: z.number().nullable(),
  })
  .meta({ id: 'LiveMarket' });

/** For everyone: the market opened or closed. */
export const LiveMarketStatus = z.object({ isOpen: z.boolean() }).meta({ id: 'LiveMarketStatus' });

/** For admins: a cash-out request was made or changed status (the review queues). */
export const LiveAdminCashouts = z
  .object({ requestId: z.number(), userId: z.number(), status: CashoutStatus })
  .meta({ id: 'LiveAdminCashouts' });

/** For admins: a user's fraud flags changed. */
export const LiveAdminFlags = z.object({ userId: z.number() }).meta({ id: 'LiveAdminFlags' });

/** The user's standing changed: an admin muted or unmuted them (the page reads the user again). */
export const LiveAccount = z.object({ change: z.enum(['muted', 'unmuted']) }).meta({ id: 'LiveAccount' });
/**
 * For everyone: collection values moved, so the leaderboard and anyone's rank may have. Each move is
 * a user's value before and after, card count after and rank after (0: not ranked; also 0 in a cut
 * list), so the mover's own page shows its totals without asking; `truncated` when more users moved
 * than are listed (a price tick): then every page reads its rank again.
 */
export const LiveLeaderboard = z
  .object({
    moves: z.array(
      z.object({
        userId: z.number(),
        collectionValue: z.number(),
        previousValue: z.number(),
        cardCount: z.number(),
        rank: z.number(),
      }),
    ),
    truncated: z.boolean(),
  })
  .meta({ id: 'LiveLeaderboard' });

/**
 * For everyone: an auction started, took a bid, lost a banned bidder's bid, or ended. When it ended,
 * `currentBid` is the final price and `currentBidderUserId` the winner (both 0 unless sold), and
 * `endsAt` when it ended. The pages refetch the auction (its bid history, the user's balance).
 */
export const LiveAuction = z
  .object({
    change: z.enum(['started', 'bid', 'bid_withdrawn', 'ended']),
    auctionId: z.number(),
    currentBid: z.number(),
    currentBidderUserId: z.number(),
    bidCount: z.number(),
    endsAt: Timestamp,
    status: z.enum(['open', 'sold', 'unsold', 'withdrawn']),
  })
  .meta({ id: 'LiveAuction' });

/**
 * A matchday moved (docs/features.md, "Matchdays"): to everyone when one locks at kickoff or its
 * results are scored (matchday screens refetch); to the player when their lineup is ranked (its
 * points, rank and the reward to come) and when the reward is paid.
 */
export const LiveMatchday = z
  .object({
    change: z.enum(['locked', 'scored', 'ranked', 'reward']),
    matchdayId: z.number(),
    rank: z.number().nullable(),
    points: z.number().nullable(),
    coins: z.number().nullable(),
    entries: z.number().nullable(),
  })
  .meta({ id: 'LiveMatchday' });

/** Events may have been missed (the server's own link was interrupted): refetch what is shown. */
export const LiveResync = z.object({ reason: z.string() }).meta({ id: 'LiveResync' });

/**
 * The last event of a stream the server ends: `replaced` (the user opened more streams than allowed
 * and this was the oldest), `session` (signed out, expired), `banned` (an admin banned the user: the
 * page shows the ban, its reason and where to appeal), `shutdown` (the server restarts:
 * reconnect). The page shows `message` where it matters and does not reconnect after `replaced`.
 */
export const LiveClosed = z
  .object({
    reason: z.enum(['replaced', 'session', 'banned', 'shutdown']),
    message: z.string(),
    /** `banned`: the admin's reason, null when none was given. */
    banReason: z.string().nullable().optional(),
    /** `banned`: where to write to appeal (APPEAL_EMAIL). */
    appealEmail: z.string().optional(),
  })
  .meta({ id: 'LiveClosed' });

/** Every event of the stream by its SSE `event:` name, with the schema of its `data:`. */
export const LIVE_EVENTS = {
  notification: NotificationStreamEvent,
  unread: NotificationStreamEvent,
  balance: LiveBalance,
  cards: LiveCards,
  offers: LiveOffers,
  wishes: LiveWishes,
  cashout: LiveCashout,
  missions: LiveMissions,
  badges: LiveBadges,
  prices: LivePrices,
  market: LiveMarket,
  'market-status': LiveMarketStatus,
  'admin-cashouts': LiveAdminCashouts,
  'admin-flags': LiveAdminFlags,
  account: LiveAccount,
  leaderboard: LiveLeaderboard,
  auction: LiveAuction,
  matchday: LiveMatchday,
  resync: LiveResync,
  closed: LiveClosed,
} as const;

export type LiveEventName = keyof typeof LIVE_EVENTS;
export type LiveEventData<E extends LiveEventName> = z.infer<(typeof LIVE_EVENTS)[E]>;

/** The events of the stream, each as `{event, data}`: what the OpenAPI document shows for the stream. */
export const LiveStreamEvent = z
  .union(
    (Object.keys(LIVE_EVENTS) as LiveEventName[]).map((event) =>
      z.object({ event: z.literal(event), data: LIVE_EVENTS[event] }),
    ) as unknown as [z.ZodObject, z.ZodObject, ...z.ZodObject[]],
  )
  .meta({ id: 'LiveStreamEvent' });

export type LiveBalance = z.infer<typeof LiveBalance>;
export type LiveMatchday = z.infer<typeof LiveMatchday>;
export type LiveCards = z.infer<typeof LiveCards>;
export type LiveOffers = z.infer<typeof LiveOffers>;
export type LiveWishes = z.infer<typeof LiveWishes>;
export type LiveCashout = z.infer<typeof LiveCashout>;
export type LiveMissions = z.infer<typeof LiveMissions>;
export type LiveMissionProgress = z.infer<typeof LiveMissionProgress>;
export type LiveBadges = z.infer<typeof LiveBadges>;
export type LivePrice = z.infer<typeof LivePrice>;
export type LivePrices = z.infer<typeof LivePrices>;
export type LiveMarket = z.infer<typeof LiveMarket>;
export type LiveMarketStatus = z.infer<typeof LiveMarketStatus>;
export type LiveAdminCashouts = z.infer<typeof LiveAdminCashouts>;
export type LiveAdminFlags = z.infer<typeof LiveAdminFlags>;
export type LiveLeaderboard = z.infer<typeof LiveLeaderboard>;
export type LiveResync = z.infer<typeof LiveResync>;
export type LiveAuction = z.infer<typeof LiveAuction>;
export type LiveAccount = z.infer<typeof LiveAccount>;
export type LiveClosed = z.infer<typeof LiveClosed>;
