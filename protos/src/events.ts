import type { MessageTypeDefinition } from '@grpc/proto-loader';
import type { Type } from 'protobufjs';
import type { ProtoGrpcType } from '../gen/events';
import { protoRoot, TO_OBJECT } from './loader';

/** Topic names of the event catalogue (touchline/events.proto documents key, producer and consumers). */
export const TOPICS = {
  userRegistered: 'identity.user.registered',
  userLoggedIn: 'identity.user.logged_in',
  userBanned: 'identity.user.banned',
  userMuted: 'identity.user.muted',
  cardMinted: 'cards.card.minted',
  cardTransferred: 'cards.card.transferred',
  cardBurned: 'cards.card.burned',
  packOpened: 'cards.pack.opened',
  listingCreated: 'cards.listing.created',
  listingWithdrawn: 'cards.listing.withdrawn',
  starterPackGranted: 'cards.starter_pack.granted',
  saleCompleted: 'market.sale.completed',
  pricesTicked: 'market.prices.ticked',
  marketStatusChanged: 'market.status.changed',
  priceAlertTriggered: 'market.price_alert.triggered',
  auctionChanged: 'market.auction.changed',
  auctionEnded: 'market.auction.ended',
  challengeCompleted: 'market.challenge.completed',
  offerCreated: 'trading.offer.created',
  offerDeclined: 'trading.offer.declined',
  offerCancelled: 'trading.offer.cancelled',
  offerVoided: 'trading.offer.voided',
  offerCountered: 'trading.offer.countered',
  tradeAccepted: 'trading.trade.accepted',
  wishCreated: 'trading.wish.created',
  wishRemoved: 'trading.wish.removed',
  missionCompleted: 'missions.mission.completed',
  rewardClaimed: 'missions.reward.claimed',
  badgeEarned: 'missions.badge.earned',
  missionProgressChanged: 'missions.progress.changed',
  userStatsChanged: 'leaderboard.stats.changed',
  boardChanged: 'leaderboard.board.changed',
  coinsCredited: 'wallet.coins.credited',
  balanceChanged: 'wallet.balance.changed',
  paymentSucceeded: 'wallet.payment.succeeded',
  promoRedeemed: 'wallet.promo.redeemed',
  cashoutRequested: 'wallet.cashout.requested',
  cashoutStatusChanged: 'wallet.cashout.status_changed',
  matchdayLocked: 'matchday.matchday.locked',
  lineupFielded: 'matchday.lineup.fielded',
  matchdayScored: 'matchday.results.scored',
  lineupRanked: 'matchday.lineup.ranked',
  matchdayRewardPaid: 'matchday.reward.paid',
} as const;

export type Topic = (typeof TOPICS)[keyof typeof TOPICS];

type EventMessages = ProtoGrpcType['touchline']['events'];

/** The events.proto message carried by each topic; `satisfies` keeps both sides in step with the proto. */
export const TOPIC_MESSAGES = {
  'identity.user.registered': 'UserRegistered',
  'identity.user.logged_in': 'UserLoggedIn',
  'identity.user.banned': 'UserBanned',
  'identity.user.muted': 'UserMuted',
  'cards.card.minted': 'CardMinted',
  'cards.card.transferred': 'CardTransferred',
  'cards.card.burned': 'CardBurned',
  'cards.pack.opened': 'PackOpened',
  'cards.listing.created': 'ListingCreated',
  'cards.listing.withdrawn': 'ListingWithdrawn',
  'cards.starter_pack.granted': 'StarterPackGranted',
  'market.sale.completed': 'SaleCompleted',
  'market.prices.ticked': 'PricesTicked',
  'market.status.changed': 'MarketStatusChanged',
  'market.price_alert.triggered': 'PriceAlertTriggered',
  'market.auction.changed': 'AuctionChanged',
  'market.auction.ended': 'AuctionEnded',
  'market.challenge.completed': 'ChallengeCompleted',
  'trading.offer.created': 'OfferCreated',
  'trading.offer.declined': 'OfferDeclined',
  'trading.offer.cancelled': 'OfferCancelled',
  'trading.offer.voided': 'OfferVoided',
  'trading.offer.countered': 'OfferCountered',
  'trading.trade.accepted': 'TradeAccepted',
  'trading.wish.created': 'WishCreated',
  'trading.wish.removed': 'WishRemoved',
  'missions.mission.completed': 'MissionCompleted',
  'missions.reward.claimed': 'RewardClaimed',
  'missions.badge.earned': 'BadgeEarned',
  'missions.progress.changed': 'MissionProgressChanged',
  'leaderboard.stats.changed': 'UserStatsChanged',
  'leaderboard.board.changed': 'BoardChanged',
  'wallet.coins.credited': 'CoinsCredited',
  'wallet.balance.changed': 'BalanceChanged',
  'wallet.payment.succeeded': 'PaymentSucceeded',
  'wallet.promo.redeemed': 'PromoRedeemed',
  'wallet.cashout.requested': 'CashoutRequested',
  'wallet.cashout.status_changed': 'CashoutStatusChanged',
  'matchday.matchday.locked': 'MatchdayLocked',
  'matchday.lineup.fielded': 'LineupFielded',
  'matchday.results.scored': 'MatchdayScored',
  'matchday.lineup.ranked': 'LineupRanked',
  'matchday.reward.paid': 'MatchdayRewardPaid',
} as const satisfies Record<Topic, keyof EventMessages>;

type MessageOf<T extends Topic> = EventMessages[(typeof TOPIC_MESSAGES)[T]];

/** What a producer passes to encodeEvent (the generated input type: int64 as number, string or Long). */
export type EventInput<T extends Topic> =
  MessageOf<T> extends MessageTypeDefinition<infer I, object> ? I : never;

/** What decodeEvent returns (the generated __Output type: every field present, int64 as number). */
export type EventOutput<T extends Topic> =
  MessageOf<T> extends MessageTypeDefinition<object, infer O> ? O : never;

export function isTopic(topic: string): topic is Topic {
  return Object.hasOwn(TOPIC_MESSAGES, topic);
}

/** Each topic's message type, looked up once: a lookup walks the namespace by name (every event paid it). */
const messageTypes = new Map<string, Type>();

function messageType(topic: string): Type {
  const known = messageTypes.get(topic);
  if (known) return known;
  if (!isTopic(topic)) throw new Error(`unknown event topic: ${topic}`);
  const type = protoRoot().lookupType(`touchline.events.${TOPIC_MESSAGES[topic]}`);
  messageTypes.set(topic, type);
  return type;
}

export function encodeEvent<T extends Topic>(topic: T, payload: EventInput<T>): Buffer {
  const type = messageType(topic);
  const bytes = type.encode(type.fromObject(payload as Record<string, unknown>)).finish();
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

export function decodeEvent<T extends Topic>(topic: T, buf: Uint8Array): EventOutput<T> {
  const type = messageType(topic);
  return type.toObject(type.decode(buf), TO_OBJECT) as EventOutput<T>;
}
