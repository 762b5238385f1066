import { describe, expect, it } from 'vitest';
import { draftsFor } from '../src/domain/drafts';
import { pageSize } from '../src/domain/requests';
import { render, UNRESOLVED_NAME } from '../src/domain/texts';

const t = new Date('2026-11-20T15:00:00Z');

describe('who gets which notification', () => {
  it('an offer goes to its recipient; accept and decline to the sender; cancel to the recipient; a void to both', () => {
    const offer = { offerId: 7, fromUserId: 1, toUserId: 2 };
    const created = draftsFor(
      'trading.offer.created',
      {
        ...offer,
        offeredCardIds: [1],
        offeredCoins: 0,
        requestedCardIds: [],
        requestedCoins: 0,
        wishId: 0,
        createdAt: '',
        counterOfOfferId: 0,
      },
      t,
    );
    expect(created.map((d) => [d.userId, d.kind, d.type, d.link])).toEqual([
      [2, 'trade.offer_received', 'info', '/trade'],
    ]);
    expect(created[0]!.createdAt).toEqual(t);
    const accepted = draftsFor(
      'trading.trade.accepted',
      {
        ...offer,
        cards: [],
        offeredCoins: 0,
        offeredCoinsReceived: 0,
        requestedCoins: 0,
        requestedCoinsReceived: 0,
        wishId: 0,
        acceptedAt: '2026-11-20T16:00:00Z',
      },
      t,
    );
    expect(accepted.map((d) => [d.userId, d.kind, d.type])).toEqual([[1, 'trade.accepted', 'success']]);
    expect(accepted[0]!.createdAt.toISOString()).toBe('2026-11-20T16:00:00.000Z');
    expect(draftsFor('trading.offer.declined', { ...offer, declinedAt: '' }, t).map((d) => d.userId)).toEqual(
      [1],
    );
    expect(
      draftsFor('trading.offer.cancelled', { ...offer, cancelledAt: '' }, t).map((d) => d.userId),
    ).toEqual([2]);
    expect(
      draftsFor('trading.offer.voided', { ...offer, reason: 'expired', voidedAt: '' }, t).map((d) => [
        d.userId,
        d.params.otherUserId,
        d.params.side,
      ]),
    ).toEqual([
      [1, 2, 'sent'],
      [2, 1, 'received'],
    ]);
  });

  it('a sale notifies the seller, never the market', () => {
    const sale = {
      saleId: 's1',
      listingId: 3,
      cardId: 4,
      playerId: 5,
      playerName: 'Lionel Messi',
      rarity: 'Ultra Legendary',
      sellerUserId: 2,
      buyerUserId: 3,
      price: 1000,
      fee: 100,
      sellerProceeds: 900,
      sellerPurchasePrice: 0,
      profitLoss: 900,
      completedAt: '',
      auctionId: 0,
    };
    expect(draftsFor('market.sale.completed', sale, t).map((d) => [d.userId, d.params.otherUserId])).toEqual([
      [2, 3],
    ]);
    expect(draftsFor('market.sale.completed', { ...sale, sellerUserId: 0, listingId: 0 }, t)).toEqual([]);
  });

  it("an auction's sale is told by the auction's own notifications, to both sides, once", () => {
    const sale = {
      saleId: 'auction:5',
      listingId: 0,
      cardId: 4,
      playerId: 5,
      playerName: 'Lionel Messi',
      rarity: 'Ultra Legendary',
      sellerUserId: 2,
      buyerUserId: 3,
      price: 1000,
      fee: 100,
      sellerProceeds: 900,
      sellerPurchasePrice: 0,
      profitLoss: 900,
      completedAt: '',
      auctionId: 5,
    };
    expect(draftsFor('market.sale.completed', sale, t)).toEqual([]);
    const ended = {
      auctionId: 5,
      outcome: 'sold',
      cardId: 4,
      playerId: 5,
      playerName: 'Lionel Messi',
      rarity: 'Ultra Legendary',
      sellerUserId: 2,
      winnerUserId: 3,
      price: 1000,
      fee: 100,
      sellerProceeds: 900,
      buyNow: false,
      endedAt: '',
    };
    const drafts = draftsFor('market.auction.ended', ended, t);
    expect(drafts.map((d) => [d.userId, d.kind, d.link, d.dedupeKey])).toEqual([
      [3, 'auction.won', '/auctions/5', 'auction:5:won'],
      [2, 'auction.sold', '/auctions/5', 'auction:5:sold'],
    ]);
    expect(render('auction.sold', drafts[1]!.params, 'carol')).toEqual({
      title: 'Auction sold: Lionel Messi',
      message: 'carol won your Lionel Messi auction for 1,000 coins. You received 900 coins.',
    });
    expect(
      draftsFor('market.auction.ended', { ...ended, outcome: 'unsold', winnerUserId: 0 }, t).map((d) => [
        d.userId,
        d.kind,
      ]),
    ).toEqual([[2, 'auction.unsold']]);
  });

  it("an outbid bidder hears it; raising one's own bid tells nobody", () => {
    const bid = {
      auctionId: 5,
      change: 'bid',
      cardId: 4,
      playerId: 5,
      playerName: 'Lionel Messi',
      rarity: 'Ultra Legendary',
      sellerUserId: 2,
      currentBid: 1050,
      currentBidderUserId: 3,
      bidCount: 2,
      endsAt: '',
      outbidUserId: 4,
      outbidAmount: 1000,
      changedAt: '',
    };
    const [outbid] = draftsFor('market.auction.changed', bid, t);
    expect(outbid).toMatchObject({ userId: 4, kind: 'auction.outbid', dedupeKey: 'auction:5:outbid:2' });
    expect(render('auction.outbid', outbid!.params, '').title).toBe('Outbid: Lionel Messi');
    expect(draftsFor('market.auction.changed', { ...bid, outbidUserId: 0 }, t)).toEqual([]);
    expect(draftsFor('market.auction.changed', { ...bid, change: 'started', outbidUserId: 0 }, t)).toEqual(
      [],
    );
  });

  it('cash-out statuses get their own type', () => {
    const change = (toStatus: string) =>
      draftsFor(
        'wallet.cashout.status_changed',
        {
          requestId: 9,
          userId: 4,
          fromStatus: 'pending',
          toStatus,
          coinsAmount: 12920,
          cashAmountCents: 500,
          actorUserId: 1,
          changedAt: '',
          reason: '',
        },
        t,
      )[0]!;
    expect(change('rejected')).toMatchObject({
      type: 'error',
      dedupeKey: 'cashout:9:rejected',
      link: '/cashout',
    });
    expect(change('completed').type).toBe('success');
    expect(change('processing').type).toBe('info');
  });

  // Issue 30 item 5: the player reads the admin's reason in the notification.
  it("a rejection's reason is carried to the notification's text; none, none said", () => {
    const rejected = (reason: string) =>
      draftsFor(
        'wallet.cashout.status_changed',
        {
          requestId: 9,
          userId: 4,
          fromStatus: 'pending',
          toStatus: 'rejected',
          coinsAmount: 12920,
          cashAmountCents: 500,
          actorUserId: 1,
          changedAt: '',
          reason,
        },
        t,
      )[0]!;
    const withReason = rejected('PayPal account closed');
    expect(render(withReason.kind, withReason.params, '').message).toBe(
      'Your cash-out of 12,920 coins was rejected. The coins are back in your balance. Reason: PayPal account closed',
    );
    const without = rejected('');
    expect(without.params).not.toHaveProperty('reason');
    expect(render(without.kind, without.params, '').message).toBe(
      'Your cash-out of 12,920 coins was rejected. The coins are back in your balance.',
    );
  });
});

describe('matchday notifications', () => {
  it('a scored lineup tells its player the points and rank, once per matchday; the reward apart', () => {
    const t = new Date('2026-11-29T20:00:00.000Z');
    const [ranked, ...rest] = draftsFor(
      'matchday.lineup.ranked',
      {
        matchdayId: 12,
        userId: 7,
        points: 425,
        rank: 3,
        entries: 120,
        reward: 1_100,
        rankedAt: '2026-11-29T21:00:00.000Z',
      },
      t,
    );
    expect(rest).toEqual([]);
    expect(ranked).toMatchObject({
      userId: 7,
      kind: 'matchday.ranked',
      link: '/matchday/history',
      dedupeKey: 'matchday:12:ranked',
      createdAt: new Date('2026-11-29T21:00:00.000Z'),
    });
    expect(render('matchday.ranked', ranked!.params, '')).toEqual({
      title: 'Matchday results',
      message: 'Matchday 12 is scored: your lineup made 42.5 points, #3 of 120 lineups.',
    });
    expect(render('matchday.ranked', { matchdayId: 1, points: 10, rank: 1, entries: 1 }, '').message).toBe(
      'Matchday 1 is scored: your lineup made 1 point, #1 of 1 lineup.',
    );
    const [reward] = draftsFor(
      'matchday.reward.paid',
      {
        matchdayId: 12,
        userId: 7,
        coins: 1_100,
        rank: 3,
        transactionId: 9,
        paidAt: '2026-11-29T21:00:01.000Z',
      },
      t,
    );
    expect(reward!.dedupeKey).toBe('matchday:12:reward');
  });
});

describe('challenge notifications', () => {
  it('a squad given up tells its player the reward, once per challenge, linking to it', () => {
    const t = new Date('2026-11-29T20:00:00.000Z');
    const [done, ...rest] = draftsFor(
      'market.challenge.completed',
      {
        challengeId: 4,
        userId: 7,
        submissionId: 11,
        cardIds: [31, 32, 33],
        rewardCoins: 2_500,
        title: 'Three of a kind',
        completedAt: '2026-11-29T21:00:00.000Z',
        rewardPackId: 0,
        rewardPackName: '',
        packCardIds: [],
      },
      t,
    );
    expect(rest).toEqual([]);
    expect(done).toMatchObject({
      userId: 7,
      kind: 'challenge.completed',
      type: 'success',
      link: '/challenges/4',
      dedupeKey: 'challenge:4:completed',
      createdAt: new Date('2026-11-29T21:00:00.000Z'),
    });
    expect(render('challenge.completed', done!.params, '')).toEqual({
      title: 'Squad challenge completed',
      message: 'You gave up 3 cards for "Three of a kind": 2,500 coins go to your balance.',
    });
  });

  it('names the reward pack when there is one, with or without coins', () => {
    const t = new Date('2026-11-29T20:00:00.000Z');
    const completed = (rewardCoins: number, rewardPackName: string) =>
      draftsFor(
        'market.challenge.completed',
        {
          challengeId: 5,
          userId: 7,
          submissionId: 12,
          cardIds: [41],
          rewardCoins,
          title: 'One for a pack',
          completedAt: '2026-11-29T21:00:00.000Z',
          rewardPackId: 3,
          rewardPackName,
          packCardIds: [90, 91, 92],
        },
        t,
      )[0]!;
    expect(render('challenge.completed', completed(1_000, 'Rare Pack').params, '').message).toBe(
      'You gave up 1 card for "One for a pack": 1,000 coins go to your balance, and a Rare Pack waits to be opened.',
    );
    expect(render('challenge.completed', completed(0, 'Epic Pack').params, '').message).toBe(
      'You gave up 1 card for "One for a pack": an Epic Pack waits to be opened.',
    );
  });
});

describe('texts', () => {
  it('name the other player by username and describe the offer', () => {
    expect(
      render(
        'trade.offer_received',
        { offeredCards: 2, offeredCoins: 1500, requestedCards: 1, requestedCoins: 0 },
        'alice',
      ),
    ).toEqual({ title: 'New trade offer', message: 'alice offered you 2 cards and 1,500 coins for 1 card.' });
    expect(
      render('market.card_sold', { playerName: 'Lionel Messi', price: 1000, proceeds: 900 }, 'bob').message,
    ).toBe('bob bought your Lionel Messi for 1,000 coins. You received 900 coins.');
    expect(render('cashout.status', { status: 'completed', coins: 12920, cashCents: 500 }, '')).toEqual({
      title: 'Cash-out completed',
      message: '$5.00 has been paid out for 12,920 coins.',
    });
  });

  it('a price alert: to its owner, once per alert and tick, linking to the watchlist; a counter-offer says so', () => {
    const event = {
      alertId: 4,
      userId: 7,
      playerId: 12,
      playerName: 'Lionel Messi',
      direction: 'below',
      threshold: 5000,
      price: 4900,
      previousPrice: 5100,
      tick: 42,
      triggeredAt: '2026-11-20T15:05:00Z',
    };
    const [draft, ...rest] = draftsFor('market.price_alert.triggered', event, t);
    expect(rest).toEqual([]);
    expect(draft).toMatchObject({
      userId: 7,
      kind: 'price.alert',
      link: '/watchlist',
      dedupeKey: 'price-alert:4:42',
    });
    expect(render(draft!.kind, draft!.params, '')).toEqual({
      title: 'Price alert: Lionel Messi',
      message: 'Lionel Messi is now 4,900 coins, at or below your alert at 5,000 coins.',
    });
    const [countered] = draftsFor(
      'trading.offer.created',
      {
        offerId: 9,
        fromUserId: 2,
        toUserId: 1,
        offeredCardIds: [5],
        offeredCoins: 300,
        requestedCardIds: [6],
        requestedCoins: 0,
        wishId: 0,
        createdAt: '',
        counterOfOfferId: 8,
      },
      t,
    );
    expect(countered!.kind).toBe('trade.countered');
    expect(render(countered!.kind, countered!.params, 'bob').message).toBe(
      'bob countered your offer: 1 card and 300 coins for 1 card.',
    );
  });

  it('say "A player" when identity cannot be asked', () => {
    expect(render('trade.accepted', {}, UNRESOLVED_NAME).message).toBe('A player accepted your trade offer.');
  });
});

describe('requests', () => {
  it('pages default to 20 and at most 100', () => {
    expect(pageSize(0)).toBe(20);
    expect(() => pageSize(101)).toThrow('page size must be between 1 and 100');
  });
});
