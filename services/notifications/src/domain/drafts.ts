import { MARKET_USER_ID } from '@touchline/rules';
import type { EventOutput, Topic } from '@touchline/protos';

export type NotificationType = 'info' | 'success' | 'warning' | 'error';

/** A notification to add: who gets it, what happened (kind and params), and the fact it stands for. */
export interface Draft {
  userId: number;
  kind: string;
  type: NotificationType;
  params: Record<string, string | number>;
  link: string;
  /** One notification per (user, dedupeKey), however often the event is delivered. */
  dedupeKey: string;
  createdAt: Date;
}

/** Where a notification leads in the app. */
export const LINKS = {
  trade: '/trade',
  tradeHistory: '/trade-history',
  missions: '/missions',
  profile: '/profile',
  collection: '/collection',
  cashout: '/cashout',
  purchaseCoins: '/purchase-coins',
  watchlist: '/watchlist',
  auction: (id: number) => `/auctions/${id}`,
  matchdayHistory: '/matchday/history',
  challenge: (id: number) => `/challenges/${id}`,
} as const;

/** The event's time, or `fallback` (when it was published) if the payload has none. */
function timeOf(iso: string, fallback: Date): Date {
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? fallback : at;
}

type DraftsOf<T extends Topic> = (event: EventOutput<T>, occurredAt: Date) => Draft[];

const offerReceived: DraftsOf<'trading.offer.created'> = (e, t) => [
  {
    userId: e.toUserId,
    // A counter-offer answers one of the recipient's own offers: it says so.
    kind: e.counterOfOfferId > 0 ? 'trade.countered' : 'trade.offer_received',
    type: 'info',
    params: {
      offerId: e.offerId,
      otherUserId: e.fromUserId,
      offeredCards: e.offeredCardIds.length,
      offeredCoins: e.offeredCoins,
      requestedCards: e.requestedCardIds.length,
      requestedCoins: e.requestedCoins,
    },
    link: LINKS.trade,
    dedupeKey: `offer:${e.offerId}:received`,
    createdAt: timeOf(e.createdAt, t),
  },
];

const tradeAccepted: DraftsOf<'trading.trade.accepted'> = (e, t) => [
  {
    userId: e.fromUserId,
    kind: 'trade.accepted',
    type: 'success',
    params: { offerId: e.offerId, otherUserId: e.toUserId },
    link: LINKS.tradeHistory,
    dedupeKey: `offer:${e.offerId}:accepted`,
    createdAt: timeOf(e.acceptedAt, t),
  },
];

const offerDeclined: DraftsOf<'trading.offer.declined'> = (e, t) => [
  {
    userId: e.fromUserId,
    kind: 'trade.declined',
    type: 'warning',
    params: { offerId: e.offerId, otherUserId: e.toUserId },
    link: LINKS.trade,
    dedupeKey: `offer:${e.offerId}:declined`,
    createdAt: timeOf(e.declinedAt, t),
  },
];

const offerCancelled: DraftsOf<'trading.offer.cancelled'> = (e, t) => [
  {
    userId: e.toUserId,
    kind: 'trade.cancelled',
    type: 'info',
    params: { offerId: e.offerId, otherUserId: e.fromUserId },
    link: LINKS.trade,
    dedupeKey: `offer:${e.offerId}:cancelled`,
    createdAt: timeOf(e.cancelledAt, t),
  },
];

const offerVoided: DraftsOf<'trading.offer.voided'> = (e, t) =>
  [
    [e.fromUserId, e.toUserId, 'sent'],
    [e.toUserId, e.fromUserId, 'received'],
  ].map(([userId, otherUserId, side]) => ({
    userId: userId as number,
    kind: 'trade.voided',
    type: 'warning' as const,
    params: {
      offerId: e.offerId,
      otherUserId: otherUserId as number,
      reason: e.reason,
      side: side as string,
    },
    link: LINKS.trade,
    dedupeKey: `offer:${e.offerId}:voided`,
    createdAt: timeOf(e.voidedAt, t),
  }));

// An auction's sale is told by its own notification (auctionEnded), not as a market sale.
const cardSold: DraftsOf<'market.sale.completed'> = (e, t) =>
  e.sellerUserId === MARKET_USER_ID || e.auctionId > 0
    ? []
    : [
        {
          userId: e.sellerUserId,
          kind: 'market.card_sold',
          type: 'success',
          params: {
            saleId: e.saleId,
            otherUserId: e.buyerUserId,
            playerName: e.playerName,
            price: e.price,
            proceeds: e.sellerProceeds,
          },
          link: LINKS.tradeHistory,
          dedupeKey: `sale:${e.saleId}`,
          createdAt: timeOf(e.completedAt, t),
        },
      ];

const missionCompleted: DraftsOf<'missions.mission.completed'> = (e, t) => [
  {
    userId: e.userId,
    kind: 'mission.completed',
    type: 'success',
    params: { missionId: e.missionId, description: e.description, reward: e.reward, period: e.period },
    link: LINKS.missions,
    dedupeKey: `mission:${e.missionId}:${e.periodKey}`,
    createdAt: timeOf(e.completedAt, t),
  },
];

const badgeEarned: DraftsOf<'missions.badge.earned'> = (e, t) => [
  {
    userId: e.userId,
    kind: 'badge.earned',
    type: 'success',
    params: { badgeId: e.badgeId, name: e.name, description: e.description, icon: e.icon },
    link: LINKS.profile,
    dedupeKey: `badge:${e.badgeId}`,
    createdAt: timeOf(e.earnedAt, t),
  },
];

const paymentSucceeded: DraftsOf<'wallet.payment.succeeded'> = (e, t) => [
  {
    userId: e.userId,
    kind: 'payment.succeeded',
    type: 'success',
    params: { coins: e.coins, amountCents: e.amountCents, currency: e.currency },
    link: LINKS.purchaseCoins,
    dedupeKey: `payment:${e.paymentIntentId}`,
    createdAt: timeOf(e.succeededAt, t),
  },
];

const cashoutRequested: DraftsOf<'wallet.cashout.requested'> = (e, t) => [
  {
    userId: e.userId,
    kind: 'cashout.requested',
    type: 'info',
    params: { requestId: e.requestId, coins: e.coinsAmount, cashCents: e.cashAmountCents },
    link: LINKS.cashout,
    dedupeKey: `cashout:${e.requestId}:requested`,
    createdAt: timeOf(e.requestedAt, t),
  },
];

const CASHOUT_TYPES: Record<string, NotificationType> = {
  processing: 'info',
  completed: 'success',
  rejected: 'error',
};

const cashoutStatus: DraftsOf<'wallet.cashout.status_changed'> = (e, t) => [
  {
    userId: e.userId,
    kind: 'cashout.status',
    type: CASHOUT_TYPES[e.toStatus] ?? 'info',
    params: {
      requestId: e.requestId,
      status: e.toStatus,
      coins: e.coinsAmount,
      cashCents: e.cashAmountCents,
      ...(e.reason ? { reason: e.reason } : {}),
    },
    link: LINKS.cashout,
    dedupeKey: `cashout:${e.requestId}:${e.toStatus}`,
    createdAt: timeOf(e.changedAt, t),
  },
];

/** Once per crossing: the alert's id and the tick that crossed it name the fact. */
const priceAlert: DraftsOf<'market.price_alert.triggered'> = (e, t) => [
  {
    userId: e.userId,
    kind: 'price.alert',
    type: 'info',
    params: {
      alertId: e.alertId,
      playerId: e.playerId,
      playerName: e.playerName,
      direction: e.direction,
      threshold: e.threshold,
      price: e.price,
    },
    link: LINKS.watchlist,
    dedupeKey: `price-alert:${e.alertId}:${e.tick}`,
    createdAt: timeOf(e.triggeredAt, t),
  },
];

/** The previous leader of an auction was outbid (by another player): its hold is released. */
const auctionOutbid: DraftsOf<'market.auction.changed'> = (e, t) =>
  e.change === 'bid' && e.outbidUserId > 0
    ? [
        {
          userId: e.outbidUserId,
          kind: 'auction.outbid',
          type: 'warning',
          params: {
            auctionId: e.auctionId,
            playerName: e.playerName,
            amount: e.outbidAmount,
            currentBid: e.currentBid,
          },
          link: LINKS.auction(e.auctionId),
          dedupeKey: `auction:${e.auctionId}:outbid:${e.bidCount}`,
          createdAt: timeOf(e.changedAt, t),
        },
      ]
    : [];

/** An auction ended: won and sold (both sides), without bids, or withdrawn (the seller banned). */
const auctionEnded: DraftsOf<'market.auction.ended'> = (e, t): Draft[] => {
  const base = {
    link: LINKS.auction(e.auctionId),
    createdAt: timeOf(e.endedAt, t),
  };
  if (e.outcome === 'sold')
    return [
      {
        ...base,
        userId: e.winnerUserId,
        kind: 'auction.won',
        type: 'success',
        params: { auctionId: e.auctionId, playerName: e.playerName, price: e.price },
        dedupeKey: `auction:${e.auctionId}:won`,
      },
      {
        ...base,
        userId: e.sellerUserId,
        kind: 'auction.sold',
        type: 'success',
        params: {
          auctionId: e.auctionId,
          otherUserId: e.winnerUserId,
          playerName: e.playerName,
          price: e.price,
          proceeds: e.sellerProceeds,
        },
        dedupeKey: `auction:${e.auctionId}:sold`,
      },
    ];
  return [
    {
      ...base,
      userId: e.sellerUserId,
      kind: e.outcome === 'withdrawn' ? 'auction.withdrawn' : 'auction.unsold',
      type: 'info',
      params: { auctionId: e.auctionId, playerName: e.playerName },
      dedupeKey: `auction:${e.auctionId}:${e.outcome}`,
    },
  ];
};

/** An admin muted (with the reason and end) or unmuted the player (issue 43). */
const muted: DraftsOf<'identity.user.muted'> = (e, t) => [
  {
    userId: e.userId,
    kind: e.muted ? 'account.muted' : 'account.unmuted',
    type: e.muted ? 'warning' : 'info',
    params: { reason: e.muted ? e.reason : '', until: e.muted ? e.mutedUntil : '' },
    link: LINKS.profile,
    dedupeKey: `mute:${e.changedAt}:${e.muted}`,
    createdAt: timeOf(e.changedAt, t),
  },
];

const welcome: DraftsOf<'cards.starter_pack.granted'> = (e, t) => [
  {
    userId: e.userId,
    kind: 'welcome',
    type: 'success',
    params: { cards: e.cardIds.length },
    link: LINKS.collection,
    dedupeKey: 'welcome',
    createdAt: timeOf(e.grantedAt, t),
  },
];

/** A lineup's result: its points and rank, when the matchday is scored (the reward follows apart). */
const lineupRanked: DraftsOf<'matchday.lineup.ranked'> = (e, t) => [
  {
    userId: e.userId,
    kind: 'matchday.ranked',
    type: 'info',
    params: { matchdayId: e.matchdayId, points: e.points, rank: e.rank, entries: e.entries },
    link: LINKS.matchdayHistory,
    dedupeKey: `matchday:${e.matchdayId}:ranked`,
    createdAt: timeOf(e.rankedAt, t),
  },
];

// A squad given up: its player hears what it earned (coins, a pack to reveal), once per challenge
// (a challenge is once per player).
const challengeCompleted: DraftsOf<'market.challenge.completed'> = (e, t) => [
  {
    userId: e.userId,
    kind: 'challenge.completed',
    type: 'success',
    params: { title: e.title, cards: e.cardIds.length, coins: e.rewardCoins, pack: e.rewardPackName },
    link: LINKS.challenge(e.challengeId),
    dedupeKey: `challenge:${e.challengeId}:completed`,
    createdAt: timeOf(e.completedAt, t),
  },
];

const matchdayReward: DraftsOf<'matchday.reward.paid'> = (e, t) => [
  {
    userId: e.userId,
    kind: 'matchday.reward',
    type: 'success',
    params: { matchdayId: e.matchdayId, rank: e.rank, coins: e.coins },
    link: LINKS.matchdayHistory,
    dedupeKey: `matchday:${e.matchdayId}:reward`,
    createdAt: timeOf(e.paidAt, t),
  },
];

/** For each topic notifications are built from: the notifications one event makes. */
export const DRAFTS = {
  'trading.offer.created': offerReceived,
  'trading.trade.accepted': tradeAccepted,
  'trading.offer.declined': offerDeclined,
  'trading.offer.cancelled': offerCancelled,
  'trading.offer.voided': offerVoided,
  'market.sale.completed': cardSold,
  'missions.mission.completed': missionCompleted,
  'missions.badge.earned': badgeEarned,
  'wallet.payment.succeeded': paymentSucceeded,
  'wallet.cashout.requested': cashoutRequested,
  'wallet.cashout.status_changed': cashoutStatus,
  'cards.starter_pack.granted': welcome,
  'market.price_alert.triggered': priceAlert,
  'market.auction.changed': auctionOutbid,
  'market.auction.ended': auctionEnded,
  'identity.user.muted': muted,
  'matchday.lineup.ranked': lineupRanked,
  'matchday.reward.paid': matchdayReward,
  'market.challenge.completed': challengeCompleted,
} satisfies { [T in Topic]?: DraftsOf<T> };

export type NotifyingTopic = keyof typeof DRAFTS;

export function draftsFor<T extends NotifyingTopic>(
  topic: T,
  event: EventOutput<T>,
  occurredAt: Date,
): Draft[] {
  return (DRAFTS[topic] as DraftsOf<T>)(event, occurredAt).filter((d) => d.userId > 0);
}
