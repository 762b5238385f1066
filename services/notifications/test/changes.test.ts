import { describe, expect, it } from 'vitest';
import { changesFor } from '../src/domain/changes';

const AT = '2026-11-27T15:00:00.000Z';
const who = (changes: ReturnType<typeof changesFor>) =>
  changes.map((c) => [c.audience, c.userId, Object.keys(c).find((k) => k !== 'audience' && k !== 'userId')]);

describe('which change events a domain event makes, and for whom', () => {
  it('a sale between players: the market for everyone, the two parties to the admins (their fraud flags)', () => {
    const sale = {
      saleId: 's',
      listingId: 4,
      cardId: 10,
      playerId: 3,
      playerName: 'Messi',
      rarity: 'gold',
      sellerUserId: 1,
      buyerUserId: 2,
      price: 900,
      fee: 45,
      sellerProceeds: 855,
      sellerPurchasePrice: 0,
      profitLoss: 855,
      completedAt: AT,
      auctionId: 0,
    };
    const changes = changesFor('market.sale.completed', sale);
    expect(changes[0]).toEqual({
      audience: 'LIVE_AUDIENCE_EVERYONE',
      userId: 0,
      market: { change: 'sold', listingId: 4, cardId: 10, playerId: 3, price: 900 },
    });
    expect(changes.slice(1)).toEqual([
      { audience: 'LIVE_AUDIENCE_ADMINS', userId: 0, adminFlags: { userId: 1 } },
      { audience: 'LIVE_AUDIENCE_ADMINS', userId: 0, adminFlags: { userId: 2 } },
    ]);
    // Bought from the market (seller 0): no exchange between players, no flags.
    expect(who(changesFor('market.sale.completed', { ...sale, sellerUserId: 0 }))).toEqual([
      ['LIVE_AUDIENCE_EVERYONE', 0, 'market'],
    ]);
  });

  it('a card moving: lost for the one it left, gained for the one it reached; the market side tells no one', () => {
    const move = {
      cardId: 10,
      playerId: 3,
      fromUserId: 1,
      toUserId: 2,
      currentPrice: 100,
      reason: 'sale',
      reference: 's',
      transferredAt: AT,
    };
    expect(changesFor('cards.card.transferred', move)).toEqual([
      {
        audience: 'LIVE_AUDIENCE_USER',
        userId: 1,
        cards: { change: 'lost', cardIds: [10], listingPrice: 0 },
      },
      {
        audience: 'LIVE_AUDIENCE_USER',
        userId: 2,
        cards: { change: 'gained', cardIds: [10], listingPrice: 0 },
      },
    ]);
    expect(who(changesFor('cards.card.transferred', { ...move, toUserId: 0 }))).toEqual([
      ['LIVE_AUDIENCE_USER', 1, 'cards'],
    ]);
  });

  it('cards minted into a pack are told once with the pack, not once per card', () => {
    const minted = {
      cardId: 10,
      userId: 1,
      playerId: 3,
      playerName: 'x',
      rarity: 'gold',
      editionNumber: 1,
      maxEditions: 10,
      currentPrice: 1,
      reference: 'p',
      mintedAt: AT,
    };
    expect(changesFor('cards.card.minted', { ...minted, reason: 'pack' })).toEqual([]);
    expect(changesFor('cards.card.minted', { ...minted, reason: 'admin' })).toHaveLength(1);
    const pack = changesFor('cards.pack.opened', {
      purchaseId: 'p',
      userId: 1,
      packId: 2,
      packName: 'Gold',
      cardIds: [10, 11, 12],
      rarities: [],
      coinsSpent: 100,
      source: 'purchase',
      openedAt: AT,
    });
    expect(pack).toEqual([
      {
        audience: 'LIVE_AUDIENCE_USER',
        userId: 1,
        cards: { change: 'gained', cardIds: [10, 11, 12], listingPrice: 0 },
      },
    ]);
  });

  it("an offer's life: each side hears its role; an expiry is 'expired', any other void 'voided'", () => {
    const offer = { offerId: 7, fromUserId: 1, toUserId: 2 };
    const voided = (reason: string) =>
      changesFor('trading.offer.voided', { ...offer, reason, voidedAt: AT }).map((c) => c.offers);
    expect(voided('expired')).toEqual([
      { change: 'expired', role: 'sender', offerId: 7 },
      { change: 'expired', role: 'recipient', offerId: 7 },
    ]);
    expect(voided('card_moved').map((o) => o!.change)).toEqual(['voided', 'voided']);
    const made = changesFor('trading.offer.created', {
      ...offer,
      offeredCardIds: [],
      offeredCoins: 5,
      requestedCardIds: [],
      requestedCoins: 0,
      wishId: 3,
      createdAt: AT,
      counterOfOfferId: 0,
    });
    // An offer on a wish also changes the wish of its owner (the recipient).
    expect(who(made)).toEqual([
      ['LIVE_AUDIENCE_USER', 1, 'offers'],
      ['LIVE_AUDIENCE_USER', 2, 'offers'],
      ['LIVE_AUDIENCE_USER', 2, 'wishes'],
    ]);
    const accepted = changesFor('trading.trade.accepted', {
      ...offer,
      cards: [],
      offeredCoins: 0,
      offeredCoinsReceived: 0,
      requestedCoins: 0,
      requestedCoinsReceived: 0,
      wishId: 0,
      acceptedAt: AT,
    });
    expect(who(accepted)).toEqual([
      ['LIVE_AUDIENCE_USER', 1, 'offers'],
      ['LIVE_AUDIENCE_USER', 2, 'offers'],
      ['LIVE_AUDIENCE_ADMINS', 0, 'adminFlags'],
      ['LIVE_AUDIENCE_ADMINS', 0, 'adminFlags'],
    ]);
  });

  it('the balance carries its value and version; a cash-out tells its owner and the admins', () => {
    expect(
      changesFor('wallet.balance.changed', { userId: 4, balance: 950, version: 31, changedAt: AT }),
    ).toEqual([{ audience: 'LIVE_AUDIENCE_USER', userId: 4, balance: { balance: 950, version: 31 } }]);
    const status = changesFor('wallet.cashout.status_changed', {
      requestId: 8,
      userId: 4,
      fromStatus: 'pending',
      toStatus: 'rejected',
      coinsAmount: 1,
      cashAmountCents: 1,
      actorUserId: 1,
      changedAt: AT,
      reason: '',
    });
    expect(status).toEqual([
      { audience: 'LIVE_AUDIENCE_USER', userId: 4, cashout: { requestId: 8, status: 'rejected' } },
      {
        audience: 'LIVE_AUDIENCE_ADMINS',
        userId: 0,
        adminCashouts: { requestId: 8, userId: 4, status: 'rejected' },
      },
    ]);
  });

  it('missions: the moved missions as listed, one named; a tick with no change says nothing', () => {
    const listed = (missionId: number, progress: number) => ({
      missionId,
      progress,
      completed: progress >= 3,
      completedAt: progress >= 3 ? AT : '',
      resetsAt: '2026-11-28T05:00:00.000Z',
    });
    const progress = (missionIds: number[]) =>
      changesFor('missions.progress.changed', {
        userId: 4,
        missionIds,
        missions: missionIds.map((id) => listed(id, 2)),
        changedAt: AT,
      })[0]!.missions;
    expect(progress([3])).toEqual({ change: 'progress', missionId: 3, missions: [listed(3, 2)] });
    expect(progress([3, 5])).toEqual({
      change: 'progress',
      missionId: 0,
      missions: [listed(3, 2), listed(5, 2)],
    });
    const completion = {
      userId: 4,
      missionId: 3,
      period: 'daily',
      periodKey: '2026-11-27',
      description: 'Buy 3 cards',
      reward: 100,
      completedAt: AT,
    };
    expect(
      changesFor('missions.mission.completed', { ...completion, progress: listed(3, 3) })[0]!.missions,
    ).toEqual({ change: 'completed', missionId: 3, missions: [listed(3, 3)] });
    // An event written before completions carried the mission: the list is read again.
    expect(changesFor('missions.mission.completed', { ...completion, progress: null })[0]!.missions).toEqual({
      change: 'completed',
      missionId: 3,
      missions: [],
    });
    expect(changesFor('market.prices.ticked', { tick: 1, tickedAt: AT, prices: [] })).toEqual([]);
    expect(changesFor('market.status.changed', { isOpen: false, changedAt: AT })).toEqual([
      { audience: 'LIVE_AUDIENCE_EVERYONE', userId: 0, marketStatus: { isOpen: false } },
    ]);
  });

  it('leaderboard: one change for everyone with the moves as they are', () => {
    const moves = [{ userId: 4, collectionValue: 900, previousValue: 300, cardCount: 6, rank: 3 }];
    expect(changesFor('leaderboard.board.changed', { moves, truncated: false, asOf: AT })).toEqual([
      { audience: 'LIVE_AUDIENCE_EVERYONE', userId: 0, leaderboard: { moves, truncated: false } },
    ]);
  });
  it('a matchday: its lock and results to everyone, the rank and the reward to the lineup’s player', () => {
    expect(
      changesFor('matchday.matchday.locked', { matchdayId: 3, lockedAt: AT, entries: 12, resultsAt: AT }),
    ).toEqual([
      {
        audience: 'LIVE_AUDIENCE_EVERYONE',
        userId: 0,
        matchday: { change: 'locked', matchdayId: 3, entries: 12 },
      },
    ]);
    expect(
      who(
        changesFor('matchday.results.scored', {
          matchdayId: 3,
          scoredAt: AT,
          entries: 12,
          bestPoints: 415,
          players: [{ playerId: 9, points: 7 }],
        }),
      ),
    ).toEqual([['LIVE_AUDIENCE_EVERYONE', 0, 'matchday']]);
    expect(
      changesFor('matchday.lineup.ranked', {
        matchdayId: 3,
        userId: 7,
        points: 215,
        rank: 2,
        entries: 12,
        reward: 1_100,
        rankedAt: AT,
      }),
    ).toEqual([
      {
        audience: 'LIVE_AUDIENCE_USER',
        userId: 7,
        matchday: { change: 'ranked', matchdayId: 3, rank: 2, points: 215, coins: 1_100, entries: 12 },
      },
    ]);
    expect(
      changesFor('matchday.reward.paid', {
        matchdayId: 3,
        userId: 7,
        coins: 1_100,
        rank: 2,
        transactionId: 9,
        paidAt: AT,
      }),
    ).toEqual([
      {
        audience: 'LIVE_AUDIENCE_USER',
        userId: 7,
        matchday: { change: 'reward', matchdayId: 3, rank: 2, coins: 1_100 },
      },
    ]);
  });

  it('a squad challenge completed: its squad leaves the collection, its reward pack joins it', () => {
    const done = {
      challengeId: 4,
      userId: 7,
      submissionId: 11,
      cardIds: [31, 32],
      rewardCoins: 0,
      title: 'Two for a pack',
      completedAt: AT,
      rewardPackId: 2,
      rewardPackName: 'Rare Pack',
      packCardIds: [90, 91],
    };
    expect(changesFor('market.challenge.completed', done)).toEqual([
      {
        audience: 'LIVE_AUDIENCE_USER',
        userId: 7,
        cards: { change: 'lost', cardIds: [31, 32], listingPrice: 0 },
      },
      {
        audience: 'LIVE_AUDIENCE_USER',
        userId: 7,
        cards: { change: 'gained', cardIds: [90, 91], listingPrice: 0 },
      },
    ]);
    // Coins only: nothing gained.
    expect(changesFor('market.challenge.completed', { ...done, packCardIds: [] })).toHaveLength(1);
  });
});
