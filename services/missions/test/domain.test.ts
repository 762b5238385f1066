import { describe, expect, it } from 'vitest';
import { TOPICS } from '@touchline/protos';
import { BADGES } from '../src/catalogue/badges';
import { MISSIONS } from '../src/catalogue/missions';
import {
  badgesForClaims,
  badgesForCollectionValue,
  badgesForCounter,
  completedTeams,
  countersMovedBy,
  currentBadge,
} from '../src/domain/badges';
import { claimIdOf } from '../src/domain/claims';
import { isCountingMission } from '../src/domain/definitions';
import { COUNTED_EVENTS, eventTime, factsOf, isRoleOf } from '../src/domain/events';
import { countOne, EMPTY_PROGRESS, valueGain } from '../src/domain/progress';

const t = (iso: string) => new Date(iso);

describe('the mission catalogue', () => {
  it('has at least 5 daily and 4 weekly missions, unique ids, positive targets and rewards', () => {
    expect(MISSIONS.filter((m) => m.period === 'daily').length).toBeGreaterThanOrEqual(5);
    expect(MISSIONS.filter((m) => m.period === 'weekly').length).toBeGreaterThanOrEqual(4);
    expect(new Set(MISSIONS.map((m) => m.id)).size).toBe(MISSIONS.length);
    for (const m of MISSIONS) {
      expect(m.target).toBeGreaterThan(0);
      expect(m.reward).toBeGreaterThan(0);
      expect(m.description.length).toBeGreaterThan(0);
    }
  });

  it('counts only real events in roles those events have', () => {
    const topics = new Set<string>(Object.values(TOPICS));
    for (const m of MISSIONS) {
      expect(topics.has(m.counts.event)).toBe(true);
      if (isCountingMission(m))
        for (const role of m.counts.as) expect(isRoleOf(m.counts.event, role)).toBe(true);
    }
    for (const b of BADGES) {
      if (b.rule.kind === 'events')
        for (const role of b.rule.as) expect(isRoleOf(b.rule.event, role)).toBe(true);
    }
  });

  it('covers sign-in, buying, selling, listing, offers, trades, packs, wishes and collection value', () => {
    const counted = MISSIONS.map((m) =>
      isCountingMission(m) ? `${m.counts.event}:${m.counts.as.join()}` : m.counts.event,
    );
    expect(counted).toEqual(
      expect.arrayContaining([
        'identity.user.logged_in:user',
        'market.sale.completed:buyer',
        'market.sale.completed:seller',
        'cards.listing.created:seller',
        'trading.offer.created:sender',
        'trading.trade.accepted:sender,recipient',
        'cards.pack.opened:opener',
        'trading.wish.created:owner',
        'leaderboard.stats.changed',
      ]),
    );
  });

  it('keeps every day of missions under two Common packs (600 coins each) and a week under 10,000', () => {
    const total = (period: string) =>
      MISSIONS.filter((m) => m.period === period).reduce((sum, m) => sum + m.reward, 0);
    expect(total('daily')).toBeLessThanOrEqual(1_200);
    expect(total('weekly')).toBeLessThanOrEqual(10_000);
  });

  it('has unique badge ids and names', () => {
    expect(new Set(BADGES.map((b) => b.id)).size).toBe(BADGES.length);
    expect(new Set(BADGES.map((b) => b.name)).size).toBe(BADGES.length);
  });
});

describe('facts of an event', () => {
  it('names each real user once with every role they play; the market (user 0) never counts', () => {
    const sale = {
      saleId: 's',
      listingId: 0,
      cardId: 1,
      playerId: 2,
      playerName: 'p',
      rarity: 'Common',
      sellerUserId: 0,
      buyerUserId: 7,
      price: 100,
      fee: 0,
      sellerProceeds: 100,
      sellerPurchasePrice: 0,
      profitLoss: 0,
      completedAt: '2026-11-23T15:00:00.000Z',
      auctionId: 0,
    };
    expect(factsOf('market.sale.completed', sale, t('2026-11-24T00:00:00Z'))).toEqual([
      { event: 'market.sale.completed', userId: 7, roles: ['buyer'], at: t('2026-11-23T15:00:00Z') },
    ]);
    expect(
      factsOf('market.sale.completed', { ...sale, sellerUserId: 9 }, t('2026-11-24T00:00:00Z')),
    ).toHaveLength(2);
  });

  it("uses the event's own time, the publication time only when the payload has none", () => {
    const published = t('2026-11-24T00:00:00Z');
    expect(eventTime('2026-11-23T15:00:00.000Z', published)).toEqual(t('2026-11-23T15:00:00Z'));
    expect(eventTime('', published)).toEqual(published);
    expect(eventTime('not a date', published)).toEqual(published);
  });

  it('every counted event has a time', () => {
    expect(Object.keys(COUNTED_EVENTS).length).toBeGreaterThanOrEqual(7);
  });
});

describe('progress', () => {
  it('counts up to the target and completes once, stamped with the latest event counted', () => {
    const a = countOne(EMPTY_PROGRESS, 2, t('2026-11-23T15:00:00Z'));
    expect(a).toMatchObject({ completedNow: false, next: { progress: 1, completedAt: null } });
    const b = countOne(a.next, 2, t('2026-11-23T14:00:00Z'));
    expect(b.completedNow).toBe(true);
    expect(b.next).toMatchObject({ progress: 2, completedAt: t('2026-11-23T15:00:00Z') });
    const c = countOne(b.next, 2, t('2026-11-23T16:00:00Z'));
    expect(c.completedNow).toBe(false);
    expect(c.next).toMatchObject({ progress: 2, completedAt: t('2026-11-23T15:00:00Z') });
  });

  it('gives the same result for the same events in any order', () => {
    const times = ['2026-11-23T15:00:00Z', '2026-11-23T13:00:00Z', '2026-11-23T18:00:00Z'].map(t);
    const run = (order: Date[]) => order.reduce((p, at) => countOne(p, 3, at).next, EMPTY_PROGRESS);
    expect(run(times)).toEqual(run([...times].reverse()));
    expect(run(times).completedAt).toEqual(t('2026-11-23T18:00:00Z'));
  });

  it('measures collection value gain above the baseline and never goes back down', () => {
    const a = valueGain(EMPTY_PROGRESS, 5_000, 10_000, 12_000, t('2026-11-23T15:00:00Z'));
    expect(a.next.progress).toBe(2_000);
    const b = valueGain(a.next, 5_000, 10_000, 9_000, t('2026-11-23T16:00:00Z'));
    expect(b.next.progress).toBe(2_000);
    const c = valueGain(b.next, 5_000, 10_000, 16_000, t('2026-11-23T17:00:00Z'));
    expect(c).toMatchObject({ completedNow: true, next: { progress: 5_000 } });
  });
});

describe('badge rules', () => {
  const fact = (event: 'trading.trade.accepted' | 'cards.pack.opened', roles: string[]) => ({
    event,
    userId: 1,
    roles,
    at: t('2026-11-23T15:00:00Z'),
  });

  it('a trade moves the trade counter once, whichever side the user was on', () => {
    const keys = countersMovedBy(fact('trading.trade.accepted', ['recipient']), BADGES);
    expect(keys).toEqual(['trading.trade.accepted:recipient,sender']);
    expect(badgesForCounter(keys[0]!, 1, BADGES).map((b) => b.id)).toEqual(['first-trade']);
    expect(badgesForCounter(keys[0]!, 10, BADGES).map((b) => b.id)).toEqual(['first-trade', 'trades-10']);
  });

  it('collection value tiers and mission claim counts', () => {
    expect(badgesForCollectionValue(24_999, BADGES)).toEqual([]);
    expect(badgesForCollectionValue(100_000, BADGES).map((b) => b.id)).toEqual(['value-25k', 'value-100k']);
    expect(badgesForClaims(9, BADGES)).toEqual([]);
    expect(badgesForClaims(10, BADGES).map((b) => b.id)).toEqual(['missions-10']);
  });

  it('a team is complete when every one of its players is owned', () => {
    const teams = [
      { teamId: 1, players: 2, ownedPlayers: 2 },
      { teamId: 2, players: 2, ownedPlayers: 1 },
      { teamId: 3, players: 0, ownedPlayers: 0 },
      { teamId: 0, players: 1, ownedPlayers: 1 },
    ];
    expect(completedTeams(teams)).toEqual([1]);
    expect(completedTeams(teams.slice(1))).toEqual([]);
  });

  it("the user's badge is the latest earned, 'Rookie' before any", () => {
    expect(currentBadge([], BADGES)).toBe('Rookie');
    expect(
      currentBadge(
        [
          { badgeId: 'first-pack', earnedAt: t('2026-11-23T15:00:00Z') },
          { badgeId: 'first-trade', earnedAt: t('2026-11-24T15:00:00Z') },
        ],
        BADGES,
      ),
    ).toBe('Deal Maker');
    // Earned at the same moment: the harder one (later in the catalogue).
    const same = t('2026-11-23T15:00:00Z');
    expect(
      currentBadge(
        [
          { badgeId: 'value-100k', earnedAt: same },
          { badgeId: 'value-25k', earnedAt: same },
        ],
        BADGES,
      ),
    ).toBe('Connoisseur');
  });

  it('claim ids name the user, mission and period instance (the wallet grant key)', () => {
    expect(claimIdOf(7, 2, '2026-11-23')).toBe('mission:7:2:2026-11-23');
  });
});
