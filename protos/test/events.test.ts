import { describe, expect, it } from 'vitest';
import { decodeEvent, encodeEvent, TOPICS, TOPIC_MESSAGES, type EventInput, type Topic } from '../src/events';

const AT = '2025-06-02T14:30:00.000Z';
// Above 2^32, so a wrong int64 path (truncation, Long objects) cannot pass unnoticed.
const BIG = 5_000_000_001;

const SAMPLES: { [T in Topic]: EventInput<T> } = {
  'identity.user.registered': { userId: BIG, username: 'alex', registeredAt: AT },
  'identity.user.logged_in': { userId: 7, loggedInAt: AT },
  'identity.user.banned': { userId: 7, banned: true, actorUserId: 1, changedAt: AT },
  'identity.user.muted': {
    userId: 7,
    muted: true,
    actorUserId: 1,
    changedAt: AT,
    reason: 'Spam in offer notes',
    mutedUntil: '2025-06-03T14:30:00.000Z',
  },
  'cards.card.minted': {
    cardId: BIG,
    userId: 7,
    playerId: 12,
    playerName: 'Brad Guzan',
    rarity: 'Rare',
    editionNumber: 3,
    maxEditions: 1000,
    currentPrice: 4200,
    reason: 'starter_pack',
    reference: 'starter:7',
    mintedAt: AT,
  },
  'cards.card.transferred': {
    cardId: 99,
    playerId: 12,
    fromUserId: 7,
    toUserId: 8,
    currentPrice: 4300,
    reason: 'sale',
    reference: 'sale-1',
    transferredAt: AT,
  },
  'cards.card.burned': {
    cardId: 99,
    playerId: 12,
    userId: 7,
    challengeId: 3,
    submissionId: BIG,
    currentPrice: 4300,
    burnedAt: AT,
  },
  'cards.pack.opened': {
    purchaseId: 'p-1',
    userId: 7,
    packId: 2,
    packName: 'Rare Pack',
    cardIds: [101, 102, BIG],
    rarities: ['Rare', 'Common', 'Epic'],
    coinsSpent: 5000,
    source: 'purchase',
    openedAt: AT,
  },
  'cards.listing.created': {
    listingId: 5,
    cardId: 99,
    userId: 7,
    playerId: 12,
    price: 4500,
    currentPrice: 4200,
    listedAt: AT,
  },
  'cards.listing.withdrawn': {
    listingId: 5,
    cardId: 99,
    userId: 7,
    playerId: 12,
    reason: 'withdrawn',
    withdrawnAt: AT,
  },
  'cards.starter_pack.granted': { userId: 7, cardIds: [1, 2, 3], grantedAt: AT },
  'market.sale.completed': {
    saleId: 's-1',
    listingId: 5,
    cardId: 99,
    playerId: 12,
    playerName: 'Brad Guzan',
    rarity: 'Rare',
    sellerUserId: 7,
    buyerUserId: 8,
    price: 4500,
    fee: 450,
    sellerProceeds: 4050,
    sellerPurchasePrice: 4000,
    profitLoss: 50,
    completedAt: AT,
    auctionId: 0,
  },
  'market.prices.ticked': {
    tick: BIG,
    tickedAt: AT,
    prices: [{ playerId: 12, price: 4300, previousPrice: 4200, priceChange: 2.5 }],
  },
  'market.status.changed': { isOpen: true, changedAt: AT },
  'trading.offer.created': {
    offerId: 3,
    fromUserId: 7,
    toUserId: 8,
    offeredCardIds: [99],
    offeredCoins: 1000,
    requestedCardIds: [100],
    requestedCoins: 0,
    wishId: 0,
    createdAt: AT,
    counterOfOfferId: 2,
  },
  'market.auction.changed': {
    auctionId: BIG,
    change: 'bid',
    cardId: 99,
    playerId: 12,
    playerName: 'Lionel Messi',
    rarity: 'Ultra Legendary',
    sellerUserId: 7,
    currentBid: 5250,
    currentBidderUserId: 8,
    bidCount: 2,
    endsAt: AT,
    outbidUserId: 9,
    outbidAmount: 5000,
    changedAt: AT,
  },
  'market.auction.ended': {
    auctionId: BIG,
    outcome: 'sold',
    cardId: 99,
    playerId: 12,
    playerName: 'Lionel Messi',
    rarity: 'Ultra Legendary',
    sellerUserId: 7,
    winnerUserId: 8,
    price: 5250,
    fee: 525,
    sellerProceeds: 4725,
    buyNow: false,
    endedAt: AT,
  },
  'market.challenge.completed': {
    challengeId: 3,
    userId: 7,
    submissionId: BIG,
    cardIds: [99, 100, 101],
    rewardCoins: 2500,
    title: 'Three Commons of one team',
    completedAt: AT,
    rewardPackId: 2,
    rewardPackName: 'Rare Pack',
    packCardIds: [102, 103, 104],
  },
  'market.price_alert.triggered': {
    alertId: 4,
    userId: 7,
    playerId: 12,
    playerName: 'Lionel Messi',
    direction: 'above',
    threshold: 5000,
    price: 5100,
    previousPrice: 4900,
    tick: 42,
    triggeredAt: AT,
  },
  'trading.offer.countered': {
    offerId: 2,
    fromUserId: 8,
    toUserId: 7,
    counterOfferId: 3,
    threadId: 2,
    threadStep: 1,
    counteredAt: AT,
  },
  'trading.offer.declined': { offerId: 3, fromUserId: 7, toUserId: 8, declinedAt: AT },
  'trading.offer.cancelled': { offerId: 3, fromUserId: 7, toUserId: 8, cancelledAt: AT },
  'trading.offer.voided': { offerId: 3, fromUserId: 7, toUserId: 8, reason: 'card_moved', voidedAt: AT },
  'trading.trade.accepted': {
    offerId: 3,
    fromUserId: 7,
    toUserId: 8,
    cards: [
      {
        cardId: 99,
        playerId: 12,
        playerName: 'Brad Guzan',
        rarity: 'Rare',
        fromUserId: 7,
        toUserId: 8,
        currentPrice: 4200,
      },
    ],
    offeredCoins: 1000,
    offeredCoinsReceived: 975,
    requestedCoins: 0,
    requestedCoinsReceived: 0,
    wishId: 4,
    acceptedAt: AT,
  },
  'trading.wish.created': { wishId: 4, userId: 8, cardId: 100, createdAt: AT },
  'trading.wish.removed': { wishId: 4, userId: 8, removedAt: AT },
  'missions.mission.completed': {
    userId: 7,
    missionId: 2,
    period: 'daily',
    periodKey: '2025-06-02',
    description: 'Buy 1 card',
    reward: 500,
    completedAt: AT,
    progress: { missionId: 2, progress: 1, completed: true, completedAt: AT, resetsAt: AT },
  },
  'missions.reward.claimed': {
    claimId: 'c-1',
    userId: 7,
    missionId: 2,
    periodKey: '2025-06-02',
    reward: 500,
    claimedAt: AT,
  },
  'missions.badge.earned': {
    userId: 7,
    badgeId: 'first-trade',
    name: 'Deal Maker',
    description: 'Completed your first trade',
    icon: '🤝',
    earnedAt: AT,
  },
  'missions.progress.changed': {
    userId: 7,
    missionIds: [2, 3],
    changedAt: AT,
    missions: [
      { missionId: 2, progress: 1, completed: true, completedAt: AT, resetsAt: AT },
      { missionId: 3, progress: 2, completed: false, completedAt: '', resetsAt: AT },
    ],
  },
  'leaderboard.stats.changed': {
    userId: 7,
    collectionValue: BIG,
    cardCount: 12,
    asOf: AT,
    version: 3,
  },
  'leaderboard.board.changed': {
    moves: [{ userId: 7, collectionValue: BIG, previousValue: 1200, cardCount: 3, rank: 2 }],
    truncated: true,
    asOf: AT,
  },
  'wallet.coins.credited': {
    transactionId: BIG,
    userId: 7,
    amount: 10_000,
    reason: 'welcome',
    reference: 'welcome:7',
    balance: 10_000,
    creditedAt: AT,
  },
  'wallet.balance.changed': { userId: 7, balance: BIG, version: BIG, changedAt: AT },
  'wallet.payment.succeeded': {
    paymentIntentId: 'pi_123',
    userId: 7,
    packageId: 'rare-roll',
    coins: 50_000,
    amountCents: 2000,
    currency: 'usd',
    via: 'webhook',
    succeededAt: AT,
  },
  'wallet.promo.redeemed': {
    redemptionId: 9,
    userId: 7,
    code: 'KICKOFF',
    coins: 500,
    cardIds: [5],
    redeemedAt: AT,
  },
  'wallet.cashout.requested': {
    requestId: 11,
    userId: 7,
    coinsAmount: 12_920,
    cashAmountCents: 500,
    requestedAt: AT,
  },
  'wallet.cashout.status_changed': {
    requestId: 11,
    userId: 7,
    fromStatus: 'pending',
    toStatus: 'processing',
    coinsAmount: 12_920,
    cashAmountCents: 500,
    actorUserId: 1,
    changedAt: AT,
    reason: 'Payout e-mail does not match the account',
  },
  'matchday.matchday.locked': { matchdayId: 3, lockedAt: AT, entries: 12, resultsAt: AT },
  'matchday.lineup.fielded': { matchdayId: 3, userId: 7, fieldedAt: AT },
  'matchday.results.scored': {
    matchdayId: 3,
    scoredAt: AT,
    entries: 12,
    bestPoints: 415,
    players: [
      { playerId: 9, points: 14 },
      { playerId: 11, points: -3 },
    ],
  },
  'matchday.lineup.ranked': {
    matchdayId: 3,
    userId: 7,
    points: 215,
    rank: 2,
    entries: 12,
    reward: 1_100,
    rankedAt: AT,
  },
  'matchday.reward.paid': { matchdayId: 3, userId: 7, coins: 1_100, rank: 2, transactionId: 99, paidAt: AT },
};

const ALL_TOPICS = Object.values(TOPICS);

describe('event catalogue', () => {
  it('maps every topic to a message and back', () => {
    expect(Object.keys(TOPIC_MESSAGES).sort()).toEqual([...ALL_TOPICS].sort());
    expect(new Set(Object.values(TOPIC_MESSAGES)).size).toBe(ALL_TOPICS.length);
  });

  it.each(ALL_TOPICS)('round-trips %s', (topic) => {
    const sample = SAMPLES[topic];
    const buf = encodeEvent(topic, sample);
    expect(Buffer.isBuffer(buf)).toBe(true);
    expect(decodeEvent(topic, buf)).toEqual(sample);
  });

  it('returns int64 fields as numbers, above 32 bits too', () => {
    const card = decodeEvent(
      'cards.card.minted',
      encodeEvent('cards.card.minted', SAMPLES['cards.card.minted']),
    );
    expect(card.cardId).toBe(BIG);
    expect(typeof card.currentPrice).toBe('number');
    const pack = decodeEvent(
      'cards.pack.opened',
      encodeEvent('cards.pack.opened', SAMPLES['cards.pack.opened']),
    );
    expect(pack.cardIds).toEqual([101, 102, BIG]);
  });

  it('accepts int64 given as decimal strings', () => {
    const buf = encodeEvent('identity.user.registered', {
      userId: '5000000001',
      username: 'a',
      registeredAt: AT,
    });
    expect(decodeEvent('identity.user.registered', buf).userId).toBe(BIG);
  });

  it('fills absent fields with defaults, like the generated __Output types', () => {
    const out = decodeEvent('trading.offer.created', encodeEvent('trading.offer.created', { offerId: 1 }));
    expect(out).toEqual({
      offerId: 1,
      fromUserId: 0,
      toUserId: 0,
      offeredCardIds: [],
      offeredCoins: 0,
      requestedCardIds: [],
      requestedCoins: 0,
      wishId: 0,
      createdAt: '',
      counterOfOfferId: 0,
    });
  });

  it('throws on an unknown topic', () => {
    expect(() => encodeEvent('cards.card.exploded' as Topic, {} as never)).toThrow(/unknown event topic/);
    expect(() => decodeEvent('nope' as Topic, Buffer.alloc(0))).toThrow(/unknown event topic/);
  });
});
