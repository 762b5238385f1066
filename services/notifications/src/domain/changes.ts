import type { EventOutput, Topic } from '@touchline/protos';
import type { LiveMessage } from '@touchline/protos/gen/touchline/notifications/LiveMessage';

/**
 * The live stream's change events: which domain event tells whom what changed. Nothing here is
 * stored; the hub publishes these after the consuming transaction commits, and every gateway fans
 * them out to the streams of their audience (one user, everyone, or admin sessions).
 */
export type Change = LiveMessage;

type ChangeFields = Omit<LiveMessage, 'audience' | 'userId' | 'change'>;

/** For one user's streams; none for the market's side (user 0) of a move. */
function toUser(userId: number, fields: ChangeFields): Change[] {
  return userId > 0 ? [{ audience: 'LIVE_AUDIENCE_USER', userId, ...fields }] : [];
}

function toEveryone(fields: ChangeFields): Change {
  return { audience: 'LIVE_AUDIENCE_EVERYONE', userId: 0, ...fields };
}

function toAdmins(fields: ChangeFields): Change {
  return { audience: 'LIVE_AUDIENCE_ADMINS', userId: 0, ...fields };
}

const gained = (userId: number, cardIds: number[]) =>
  cardIds.length > 0 ? toUser(userId, { cards: { change: 'gained', cardIds, listingPrice: 0 } }) : [];

/**
 * The fraud flags (admin) are read from the exchanges between players, trades and sales between two
 * users: those are the events that can change them, so admin pages refetch the two parties' flags.
 * (Account age and purchases also enter the flags; they only ever lower a flag's weight over time,
 * which the admin page's own reads show.)
 */
function flagsOf(a: number, b: number): Change[] {
  return a > 0 && b > 0
    ? [toAdmins({ adminFlags: { userId: a } }), toAdmins({ adminFlags: { userId: b } })]
    : [];
}

function offerChange(e: { offerId: number; fromUserId: number; toUserId: number }, change: string): Change[] {
  return [
    ...toUser(e.fromUserId, { offers: { change, role: 'sender', offerId: e.offerId } }),
    ...toUser(e.toUserId, { offers: { change, role: 'recipient', offerId: e.offerId } }),
  ];
}

type ChangesOf<T extends Topic> = (event: EventOutput<T>) => Change[];

/** For each topic the stream follows: the change events one event makes, in the order to deliver them. */
export const CHANGES = {
  // Cards minted into packs, starter packs and promo rewards are told once per grant, below.
  'cards.card.minted': (e) => (e.reason === 'admin' ? gained(e.userId, [e.cardId]) : []),
  'cards.pack.opened': (e) => gained(e.userId, e.cardIds),
  'cards.starter_pack.granted': (e) => gained(e.userId, e.cardIds),
  'wallet.promo.redeemed': (e) => gained(e.userId, e.cardIds),
  // A squad challenge: the squad is burned, and its reward pack's cards (if any) are the player's.
  'market.challenge.completed': (e) => [
    ...toUser(e.userId, { cards: { change: 'lost', cardIds: e.cardIds, listingPrice: 0 } }),
    ...gained(e.userId, e.packCardIds),
  ],
  'cards.card.transferred': (e) => [
    ...toUser(e.fromUserId, { cards: { change: 'lost', cardIds: [e.cardId], listingPrice: 0 } }),
    ...gained(e.toUserId, [e.cardId]),
  ],
  'cards.listing.created': (e) => [
    ...toUser(e.userId, { cards: { change: 'listed', cardIds: [e.cardId], listingPrice: e.price } }),
    toEveryone({
      market: {
        change: 'listed',
        listingId: e.listingId,
        cardId: e.cardId,
        playerId: e.playerId,
        price: e.price,
      },
    }),
  ],
  'cards.listing.withdrawn': (e) => [
    ...toUser(e.userId, { cards: { change: 'unlisted', cardIds: [e.cardId], listingPrice: 0 } }),
    toEveryone({
      market: {
        change: 'withdrawn',
        listingId: e.listingId,
        cardId: e.cardId,
        playerId: e.playerId,
        price: 0,
      },
    }),
  ],
  'market.sale.completed': (e) => [
    toEveryone({
      market: {
        change: 'sold',
        listingId: e.listingId,
        cardId: e.cardId,
        playerId: e.playerId,
        price: e.price,
      },
    }),
    ...flagsOf(e.sellerUserId, e.buyerUserId),
  ],
  // Every open list and page of the auction follows it; the bidder who was outbid reads their balance.
  'market.auction.changed': (e) => [
    toEveryone({
      auction: {
        change: e.change,
        auctionId: e.auctionId,
        currentBid: e.currentBid,
        currentBidderUserId: e.currentBidderUserId,
        bidCount: e.bidCount,
        endsAt: e.endsAt,
        status: 'open',
      },
    }),
  ],
  'market.auction.ended': (e) => [
    toEveryone({
      auction: {
        change: 'ended',
        auctionId: e.auctionId,
        currentBid: e.price,
        currentBidderUserId: e.winnerUserId,
        bidCount: 0,
        endsAt: e.endedAt,
        status: e.outcome,
      },
    }),
    // The card comes back to its seller without a transfer: their collection reads it again.
    ...(e.outcome === 'sold'
      ? []
      : toUser(e.sellerUserId, { cards: { change: 'unlisted', cardIds: [e.cardId], listingPrice: 0 } })),
  ],
  'market.prices.ticked': (e) =>
    e.prices.length > 0 ? [toEveryone({ prices: { tick: e.tick, at: e.tickedAt, prices: e.prices } })] : [],
  'market.status.changed': (e) => [toEveryone({ marketStatus: { isOpen: e.isOpen } })],
  'trading.offer.created': (e) => [
    ...offerChange(e, 'made'),
    ...(e.wishId > 0 ? toUser(e.toUserId, { wishes: { change: 'offered', wishId: e.wishId } }) : []),
  ],
  'trading.offer.declined': (e) => offerChange(e, 'declined'),
  'trading.offer.countered': (e) => offerChange(e, 'countered'),
  'trading.offer.cancelled': (e) => offerChange(e, 'cancelled'),
  'trading.offer.voided': (e) => offerChange(e, e.reason === 'expired' ? 'expired' : 'voided'),
  'trading.trade.accepted': (e) => [...offerChange(e, 'accepted'), ...flagsOf(e.fromUserId, e.toUserId)],
  'trading.wish.created': (e) => toUser(e.userId, { wishes: { change: 'created', wishId: e.wishId } }),
  'trading.wish.removed': (e) => toUser(e.userId, { wishes: { change: 'removed', wishId: e.wishId } }),
  'missions.progress.changed': (e) =>
    toUser(e.userId, {
      missions: {
        change: 'progress',
        missionId: e.missionIds.length === 1 ? e.missionIds[0]! : 0,
        missions: e.missions,
      },
    }),
  'missions.mission.completed': (e) =>
    toUser(e.userId, {
      missions: { change: 'completed', missionId: e.missionId, missions: e.progress ? [e.progress] : [] },
    }),
  'missions.reward.claimed': (e) =>
    toUser(e.userId, { missions: { change: 'claimed', missionId: e.missionId, missions: [] } }),
  'missions.badge.earned': (e) =>
    toUser(e.userId, {
      badges: {
        badgeId: e.badgeId,
        name: e.name,
        description: e.description,
        icon: e.icon,
        earnedAt: e.earnedAt,
      },
    }),
  // Any board, and any player's rank, may have moved: every page decides from the moves (web lib/live).
  'leaderboard.board.changed': (e) => [
    toEveryone({ leaderboard: { moves: e.moves, truncated: e.truncated } }),
  ],
  // Matchdays: the lock and the results to everyone (the matchday screens refetch), the rank and the
  // reward to the lineup's player.
  'matchday.matchday.locked': (e) => [
    toEveryone({ matchday: { change: 'locked', matchdayId: e.matchdayId, entries: e.entries } }),
  ],
  'matchday.results.scored': (e) => [
    toEveryone({ matchday: { change: 'scored', matchdayId: e.matchdayId, entries: e.entries } }),
  ],
  'matchday.lineup.ranked': (e) =>
    toUser(e.userId, {
      matchday: {
        change: 'ranked',
        matchdayId: e.matchdayId,
        rank: e.rank,
        points: e.points,
        coins: e.reward,
        entries: e.entries,
      },
    }),
  'matchday.reward.paid': (e) =>
    toUser(e.userId, {
      matchday: { change: 'reward', matchdayId: e.matchdayId, rank: e.rank, coins: e.coins },
    }),
  'wallet.balance.changed': (e) => toUser(e.userId, { balance: { balance: e.balance, version: e.version } }),
  'wallet.cashout.requested': (e) => [
    ...toUser(e.userId, { cashout: { requestId: e.requestId, status: 'pending' } }),
    toAdmins({ adminCashouts: { requestId: e.requestId, userId: e.userId, status: 'pending' } }),
  ],
  // A mute's end passes by the clock with no event: the page hides the banner by itself at the end.
  'identity.user.muted': (e) => toUser(e.userId, { account: { change: e.muted ? 'muted' : 'unmuted' } }),
  'wallet.cashout.status_changed': (e) => [
    ...toUser(e.userId, { cashout: { requestId: e.requestId, status: e.toStatus } }),
    toAdmins({ adminCashouts: { requestId: e.requestId, userId: e.userId, status: e.toStatus } }),
  ],
} satisfies { [T in Topic]?: ChangesOf<T> };

export type LiveTopic = keyof typeof CHANGES;

export function changesFor<T extends LiveTopic>(topic: T, event: EventOutput<T>): Change[] {
  return (CHANGES[topic] as ChangesOf<T>)(event);
}
