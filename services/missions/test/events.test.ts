import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '@touchline/kit';
import { BADGES } from '../src/catalogue/badges';
import { earnBadges, earnReached } from '../src/use-cases/badges';
import { SmallestTeam } from '../src/cache/smallest-team';
import { onStatsChanged } from '../src/use-cases/collection-value';
import { checkRosters, onCardsReceived } from '../src/use-cases/team-roster';
import type { MissionsDeps } from '../src/use-cases/deps';
import { saleOf, startMissions, type MissionsHarness } from './support';

// Mission ids of src/catalogue/missions.ts.
const SIGN_IN = 1;
const BUY_ONE = 2;
const OPEN_PACK = 4;
const SELL_THREE = 7;
const TWO_TRADES = 8;
const BUY_FIVE = 9;
const GROW_VALUE = 11;
const CHALLENGE = 21;

let h: MissionsHarness;

beforeAll(async () => {
  h = await startMissions();
});

afterAll(async () => {
  await h?.stop();
});

describe('progress from events', () => {
  it('counts a sign-in into today and makes the mission claimable, with mission.completed published once', async () => {
    const user = h.user();
    expect(await h.mission(user, SIGN_IN)).toMatchObject({ progress: 0, completed: false, claimed: false });
    await h.signIn(user, '2026-11-23T14:00:00.000Z');
    await h.signIn(user, '2026-11-23T14:30:00.000Z');
    const mission = await h.mission(user, SIGN_IN);
    expect(mission).toMatchObject({
      progress: 1,
      target: 1,
      completed: true,
      claimed: false,
      completedAt: '2026-11-23T14:00:00.000Z',
      periodKey: '2026-11-23',
      resetsAt: '2026-11-24T05:00:00.000Z',
      reward: 100,
      description: 'Sign in today',
    });
    const completed = (await h.events('missions.mission.completed')).filter((e) => e.userId === user);
    expect(completed).toEqual([
      expect.objectContaining({ missionId: SIGN_IN, period: 'daily', periodKey: '2026-11-23', reward: 100 }),
    ]);
    // Both events carry the mission as the list shows it, for the live stream (issue 41).
    const listed = {
      missionId: SIGN_IN,
      progress: 1,
      completed: true,
      completedAt: '2026-11-23T14:00:00.000Z',
      resetsAt: '2026-11-24T05:00:00.000Z',
    };
    expect(completed[0]).toMatchObject({ progress: listed });
    const moved = (await h.events('missions.progress.changed')).filter((e) => e.userId === user);
    expect(moved[0]).toMatchObject({ missionIds: [SIGN_IN], missions: [listed] });
  });

  it("counts a sign-up as that day's sign-in, and a sign-in the same day adds nothing", async () => {
    const user = h.user();
    await h.signUp(user, '2026-11-23T14:00:00.000Z');
    expect(await h.mission(user, SIGN_IN)).toMatchObject({
      progress: 1,
      completed: true,
      completedAt: '2026-11-23T14:00:00.000Z',
      periodKey: '2026-11-23',
    });
    await h.signIn(user, '2026-11-23T14:05:00.000Z');
    expect((await h.mission(user, SIGN_IN)).progress).toBe(1);
    const completed = (await h.events('missions.mission.completed')).filter((e) => e.userId === user);
    expect(completed).toEqual([expect.objectContaining({ missionId: SIGN_IN, periodKey: '2026-11-23' })]);
    // A sign-up counts for nothing else: no other mission moved.
    expect((await h.mission(user, OPEN_PACK)).progress).toBe(0);
  });

  it('a sign-up counts into the day of its own time, not the day it is processed', async () => {
    const user = h.user();
    await h.signUp(user, '2026-11-22T23:00:00.000Z');
    expect((await h.mission(user, SIGN_IN)).progress).toBe(0);
  });

  it('a redelivered event (same id) is counted once', async () => {
    const user = h.user();
    const id = await h.sale(user, 0, '2026-11-23T14:00:00.000Z');
    await h.sale(user, 0, '2026-11-23T14:00:00.000Z', id);
    await h.sale(user, 0, '2026-11-23T14:00:00.000Z', id);
    expect((await h.mission(user, BUY_FIVE)).progress).toBe(1);
    expect((await h.mission(user, BUY_ONE)).progress).toBe(1);
  });

  it('the same events in another order give the same progress and completion', async () => {
    const inOrder = h.user();
    const reversed = h.user();
    const times = ['2026-11-23T13:00:00.000Z', '2026-11-23T14:00:00.000Z', '2026-11-23T14:30:00.000Z'];
    for (const at of times) await h.sale(h.user(), inOrder, at);
    for (const at of [...times].reverse()) await h.sale(h.user(), reversed, at);
    const a = await h.mission(inOrder, SELL_THREE);
    const b = await h.mission(reversed, SELL_THREE);
    expect(a).toMatchObject({ progress: 3, completed: true, completedAt: '2026-11-23T14:30:00.000Z' });
    expect({ ...b }).toEqual({ ...a });
  });

  it("moves all of a user's missions an event counts for in one lock and one write", async () => {
    const buyer = h.user();
    const sql = await h.statementsDuring(async () => {
      await h.sale(buyer, 0, '2026-11-23T14:00:00.000Z');
    });
    expect((await h.mission(buyer, BUY_ONE)).progress).toBe(1);
    expect((await h.mission(buyer, BUY_FIVE)).progress).toBe(1);
    expect(sql.filter((text) => text.includes('mission_progress'))).toHaveLength(2);
  });

  it('concurrent sales of one buyer count each once and complete a mission once', async () => {
    const buyer = h.user();
    await Promise.all(
      ['13:00', '13:10', '13:20', '13:30', '13:40', '13:50'].map((t) =>
        h.sale(buyer, h.user(), `2026-11-23T${t}:00.000Z`),
      ),
    );
    expect(await h.mission(buyer, BUY_FIVE)).toMatchObject({ progress: 5, completed: true });
    const completed = (await h.events('missions.mission.completed')).filter((e) => e.userId === buyer);
    expect(completed.map((e) => e.missionId).sort()).toEqual([BUY_ONE, BUY_FIVE].sort());
  });

  it('a fetched batch of sales counts as the same sales one at a time: progress, completions, counters, badges', async () => {
    // Two buyers, each with a twin that gets the same sales one at a time.
    const buyers = [
      {
        together: h.user(),
        oneByOne: h.user(),
        times: ['13:50', '13:00', '13:40', '13:10', '13:30', '13:20'],
      },
      { together: h.user(), oneByOne: h.user(), times: ['15:00', '14:00'] },
    ].map((b) => ({ ...b, times: b.times.map((t) => `2026-11-23T${t}:00.000Z`) }));
    for (const { oneByOne, times } of buyers) for (const at of times) await h.sale(oneByOne, 0, at);
    const sql = await h.statementsDuring(async () => {
      await h.publishTogether(
        'market.sale.completed',
        buyers.flatMap(({ together, times }) =>
          times.map((at) => ({ key: '1', payload: saleOf(together, 0, at) })),
        ),
      );
    });
    // The eight sales move both buyers' missions with one lock and one write, their counters with one upsert.
    expect(sql.filter((text) => text.includes('mission_progress'))).toHaveLength(2);
    expect(sql.filter((text) => text.includes('lifetime_counts'))).toHaveLength(1);
    expect(await h.mission(buyers[0]!.together, BUY_FIVE)).toMatchObject({ progress: 5, completed: true });
    const db = h.missions.database.db;
    const completions = async (user: number) =>
      (await h.events('missions.mission.completed'))
        .filter((e) => e.userId === user)
        .map((e) => [e.missionId, e.completedAt])
        .sort();
    const counts = (user: number) =>
      db('lifetime_counts').where({ user_id: user }).orderBy('counter').select('counter', 'count');
    // First Buy is dated by the first sale delivered, one at a time or in the batch.
    const badges = (user: number) =>
      db('user_badges').where({ user_id: user }).orderBy('badge_id').select('badge_id', 'earned_at');
    for (const { together, oneByOne } of buyers) {
      for (const mission of [BUY_ONE, BUY_FIVE])
        expect(await h.mission(together, mission)).toEqual(await h.mission(oneByOne, mission));
      expect(await completions(together)).toEqual(await completions(oneByOne));
      expect(await counts(together)).toEqual(await counts(oneByOne));
      expect(await badges(together)).toEqual(await badges(oneByOne));
      expect((await badges(together)).map((b: { badge_id: string }) => b.badge_id)).toContain('first-buy');
    }
  });

  it('the market (user 0) as seller counts for the buyer only; a trade counts for both sides', async () => {
    const from = h.user();
    const to = h.user();
    await h.tradeAccepted(from, to, '2026-11-23T14:00:00.000Z');
    expect((await h.mission(from, TWO_TRADES)).progress).toBe(1);
    expect((await h.mission(to, TWO_TRADES)).progress).toBe(1);
    const rows = await h.missions.database.db('mission_progress').where({ user_id: 0 });
    await h.sale(from, 0, '2026-11-23T14:00:00.000Z');
    expect(await h.missions.database.db('mission_progress').where({ user_id: 0 })).toEqual(rows);
  });

  it("a late event counts into the period of its own time, never into today's", async () => {
    const user = h.user();
    // Sunday 23:59:59 ET, delivered on Monday at 10:00 ET.
    await h.packOpened(user, '2026-11-23T04:59:59.000Z');
    expect(await h.mission(user, OPEN_PACK)).toMatchObject({ progress: 0, completed: false });
    const yesterday = await h.missions.database
      .db('mission_progress')
      .where({ user_id: user, mission_id: OPEN_PACK })
      .first();
    expect(yesterday).toMatchObject({ period_key: '2026-11-22', progress: 1 });
    expect(yesterday.completed_at).not.toBeNull();
    // Its period is over: no "ready to claim" for a mission that can no longer be claimed.
    expect((await h.events('missions.mission.completed')).filter((e) => e.userId === user)).toEqual([]);
  });

  it("a Saturday-night event counts into last week, a Sunday-midnight one into this week's", async () => {
    const user = h.user();
    await h.sale(user, 0, '2026-11-22T04:59:59.999Z'); // Saturday 23:59:59.999 ET
    await h.sale(user, 0, '2026-11-22T05:00:00.000Z'); // Sunday 00:00 ET
    expect((await h.mission(user, BUY_FIVE)).progress).toBe(1);
    const weeks = await h.missions.database
      .db('mission_progress')
      .where({ user_id: user, mission_id: BUY_FIVE })
      .orderBy('period_key')
      .select('period_key', 'progress');
    expect(weeks).toEqual([
      { period_key: 'W2026-11-15', progress: 1 },
      { period_key: 'W2026-11-22', progress: 1 },
    ]);
  });

  it("a period's progress does not leak into the next: after midnight ET the day starts at 0", async () => {
    const user = h.user();
    await h.signIn(user, '2026-11-23T14:00:00.000Z');
    await h.sale(user, 0, '2026-11-23T14:00:00.000Z');
    expect((await h.mission(user, SIGN_IN)).completed).toBe(true);
    h.clock.set('2026-11-24T05:00:00.000Z'); // Tuesday 00:00 ET
    try {
      const { daily, weekly } = await h.client.ListMissions({ userId: user });
      expect(daily.every((m) => m.progress === 0 && !m.completed && m.periodKey === '2026-11-24')).toBe(true);
      expect(daily[0]!.resetsAt).toBe('2026-11-25T05:00:00.000Z');
      // The week goes on.
      expect(weekly.find((m) => m.id === BUY_FIVE)).toMatchObject({ progress: 1, periodKey: 'W2026-11-22' });
      expect(weekly[0]!.resetsAt).toBe('2026-11-29T05:00:00.000Z');
    } finally {
      h.clock.set('2026-11-23T15:00:00.000Z');
    }
  });
});

describe('collection value from leaderboard.stats.changed', () => {
  it('measures the rise above the value when the week began; older versions are not folded', async () => {
    const user = h.user();
    await h.stats(user, 10_000, 1, '2026-11-20T15:00:00.000Z'); // last week: the baseline
    await h.stats(user, 12_000, 2, '2026-11-23T14:00:00.000Z');
    expect(await h.mission(user, GROW_VALUE)).toMatchObject({ progress: 2_000, completed: false });
    await h.stats(user, 20_000, 1, '2026-11-20T15:00:00.000Z'); // an old version, redelivered under a new id
    expect((await h.mission(user, GROW_VALUE)).progress).toBe(2_000);
    await h.stats(user, 16_000, 4, '2026-11-23T14:40:00.000Z');
    await h.stats(user, 11_000, 3, '2026-11-23T14:20:00.000Z'); // overtaken by version 4
    expect(await h.mission(user, GROW_VALUE)).toMatchObject({
      progress: 5_000,
      completed: true,
      completedAt: '2026-11-23T14:40:00.000Z',
    });
    const folded = await h.missions.database.db('user_stats').where({ user_id: user }).first();
    expect(folded).toMatchObject({ collection_value: 16_000, version: 4 });
  });

  it('a higher value overtaken by a newer version before it arrived still counts: any order, same progress', async () => {
    const user = h.user();
    await h.stats(user, 10_000, 1, '2026-11-20T15:00:00.000Z'); // last week: the baseline
    await h.stats(user, 12_000, 3, '2026-11-23T14:20:00.000Z');
    await h.stats(user, 14_000, 2, '2026-11-23T14:10:00.000Z'); // delivered after version 3
    // In order, version 2 rose 4,000 above the baseline and version 3 cannot take that back.
    expect(await h.mission(user, GROW_VALUE)).toMatchObject({ progress: 4_000, completed: false });
    const folded = await h.missions.database.db('user_stats').where({ user_id: user }).first();
    expect(folded).toMatchObject({ collection_value: 12_000, version: 3 });
  });

  it('a value tier reached only by a version that arrived overtaken still earns its badge', async () => {
    const user = h.user();
    await h.stats(user, 24_000, 2, '2026-11-23T14:10:00.000Z');
    await h.stats(user, 26_000, 1, '2026-11-23T14:00:00.000Z');
    expect((await h.client.GetUserBadges({ userId: user })).badge).toBe('Collector');
  });

  it('a fetched batch of values ends as the same values one at a time, folding each round of users in one statement', async () => {
    const at = (day: number, time: string) => `2026-11-${day}T${time}:00.000Z`;
    // [value, version, time]: a baseline last week, a rise, a stale redelivery, a rise, an overtaken one.
    const growing: [number, number, string][] = [
      [10_000, 1, at(20, '15:00')],
      [12_000, 2, at(23, '14:00')],
      [20_000, 1, at(20, '15:00')],
      [16_000, 4, at(23, '14:40')],
      [11_000, 3, at(23, '14:20')],
    ];
    // A value tier reached only by a version that arrives overtaken.
    const collecting: [number, number, string][] = [
      [24_000, 2, at(23, '14:10')],
      [26_000, 1, at(23, '14:00')],
    ];
    const users = [growing, collecting].map((values) => ({ values, together: h.user(), oneByOne: h.user() }));
    for (const { values, oneByOne } of users)
      for (const [value, version, asOf] of values) await h.stats(oneByOne, value, version, asOf);
    const sql = await h.statementsDuring(async () => {
      await h.publishTogether(
        'leaderboard.stats.changed',
        users.flatMap(({ values, together }) =>
          values.map(([collectionValue, version, asOf]) => ({
            key: String(together),
            payload: { userId: together, collectionValue, cardCount: 3, version, asOf },
          })),
        ),
      );
    });
    // Five rounds: the first user's five values, the second's two alongside the first two.
    expect(sql.filter((text) => text.includes('user_stats'))).toHaveLength(5);
    expect(await h.mission(users[0]!.together, GROW_VALUE)).toMatchObject({
      progress: 5_000,
      completed: true,
      completedAt: '2026-11-23T14:40:00.000Z',
    });
    const db = h.missions.database.db;
    const stats = (user: number) =>
      db('user_stats').where({ user_id: user }).first('collection_value', 'card_count', 'version', 'as_of');
    const badges = (user: number) =>
      db('user_badges').where({ user_id: user }).orderBy('badge_id').select('badge_id', 'earned_at');
    const completions = async (user: number) =>
      (await h.events('missions.mission.completed'))
        .filter((e) => e.userId === user)
        .map((e) => [e.missionId, e.completedAt]);
    for (const { together, oneByOne } of users) {
      expect(await h.mission(together, GROW_VALUE)).toEqual(await h.mission(oneByOne, GROW_VALUE));
      expect(await stats(together)).toEqual(await stats(oneByOne));
      expect(await badges(together)).toEqual(await badges(oneByOne));
      expect(await completions(together)).toEqual(await completions(oneByOne));
    }
    expect((await badges(users[1]!.together)).map((b: { badge_id: string }) => b.badge_id)).toContain(
      'value-25k',
    );
  });

  it('earns the collection value tier badges once', async () => {
    const user = h.user();
    await h.stats(user, 30_000, 1, '2026-11-23T14:00:00.000Z');
    await h.stats(user, 31_000, 2, '2026-11-23T14:10:00.000Z');
    const { badge, badges } = await h.client.GetUserBadges({ userId: user });
    expect(badge).toBe('Collector');
    expect(badges).toEqual([
      {
        id: 'value-25k',
        name: 'Collector',
        description: 'Reached a collection value of 25,000 coins',
        icon: 'medal',
        earnedAt: '2026-11-23T14:00:00.000Z',
        howToEarn: 'Reach a collection value of 25,000 coins',
        // Progress is ListBadges' (an earned badge needs none).
        progress: 0,
        threshold: 0,
      },
    ]);
    expect((await h.events('missions.badge.earned')).filter((e) => e.userId === user)).toHaveLength(1);
  });
});

describe('badges from events', () => {
  it("'Rookie' before any badge", async () => {
    expect(await h.client.GetUserBadges({ userId: h.user() })).toEqual({ badge: 'Rookie', badges: [] });
  });

  it('the first pack earns Pack Opener once, however many packs and redeliveries follow', async () => {
    const user = h.user();
    const id = await h.packOpened(user, '2026-11-23T14:00:00.000Z');
    await h.packOpened(user, '2026-11-23T14:00:00.000Z', id);
    await h.packOpened(user, '2026-11-23T14:05:00.000Z');
    const { badge, badges } = await h.client.GetUserBadges({ userId: user });
    expect(badge).toBe('Pack Opener');
    expect(badges.map((b) => [b.id, b.earnedAt])).toEqual([['first-pack', '2026-11-23T14:00:00.000Z']]);
    const earned = (await h.events('missions.badge.earned')).filter((e) => e.userId === user);
    expect(earned).toEqual([
      expect.objectContaining({ badgeId: 'first-pack', name: 'Pack Opener', icon: 'sparkles' }),
    ]);
  });

  it('first trade, first buy and first sale; the badge label is the latest earned', async () => {
    const seller = h.user();
    const buyer = h.user();
    await h.sale(buyer, seller, '2026-11-23T13:00:00.000Z');
    await h.tradeAccepted(seller, buyer, '2026-11-23T14:00:00.000Z');
    const mine = await h.client.GetUserBadges({ userId: seller });
    expect(mine.badges.map((b) => b.id)).toEqual(['first-trade', 'first-sale']);
    expect(mine.badge).toBe('Deal Maker');
    expect((await h.client.GetUserBadges({ userId: buyer })).badges.map((b) => b.id)).toEqual([
      'first-trade',
      'first-buy',
    ]);
  });

  it('a badge written by a transaction that rolled back is earned by the next try; one earned is not written again', async () => {
    const deps = h.deps();
    const user = h.user();
    const badge = BADGES.find((b) => b.id === 'first-pack')!;
    const at = new Date('2026-11-23T14:00:00.000Z');
    const rolledBack = inTransaction(deps.db, async (trx) => {
      await earnBadges(deps, trx, user, [badge], at);
      throw new Error('the rest of the batch failed');
    });
    await expect(rolledBack).rejects.toThrow('the rest of the batch failed');
    await inTransaction(deps.db, (trx) => earnBadges(deps, trx, user, [badge], at));
    const rows = () => h.missions.database.db('user_badges').where({ user_id: user }).select('badge_id');
    expect(await rows()).toEqual([{ badge_id: 'first-pack' }]);

    // Known as earned now: another try does not go to the database (a deleted row stays deleted).
    await h.missions.database.db('user_badges').where({ user_id: user }).del();
    await inTransaction(deps.db, (trx) => earnBadges(deps, trx, user, [badge], at));
    expect(await rows()).toEqual([]);
  });

  it("earns several users' badges in one insert and one outbox write, each badge once", async () => {
    const deps = h.deps();
    const [a, b] = [h.user(), h.user()];
    const firstPack = BADGES.find((x) => x.id === 'first-pack')!;
    const firstSale = BADGES.find((x) => x.id === 'first-sale')!;
    const at = new Date('2026-11-23T15:00:00.000Z');
    const statements: string[] = [];
    // This transaction's own statements: the running service's relay and consumers use the same pool.
    let txId: string | undefined;
    const record = (query: { sql: string; __knexTxId?: string }) => {
      if (query.__knexTxId === txId && /user_badges|"outbox"/.test(query.sql)) statements.push(query.sql);
    };
    deps.db.on('query', record);
    try {
      await inTransaction(deps.db, async (trx) => {
        await trx.raw('select 1').on('query', (q: { __knexTxId?: string }) => {
          txId = q.__knexTxId;
        });
        return earnReached(deps, trx, [
          { userId: b, badge: firstSale, earnedAt: at },
          { userId: a, badge: firstPack, earnedAt: at },
          // Reached twice in one batch: earned once.
          { userId: b, badge: firstSale, earnedAt: new Date('2026-11-23T16:00:00.000Z') },
        ]);
      });
    } finally {
      deps.db.off('query', record);
    }
    expect(txId).toBeDefined();
    expect(statements).toHaveLength(2);
    const earned = (await h.events('missions.badge.earned')).filter((e) => [a, b].includes(e.userId));
    // In the order reached; the first time counts.
    expect(earned.map((e) => [e.userId, e.badgeId, e.earnedAt])).toEqual([
      [b, 'first-sale', at.toISOString()],
      [a, 'first-pack', at.toISOString()],
    ]);
  });

  it('lists every badge that can be earned', async () => {
    const { badges } = await h.client.ListBadges({});
    expect(badges.map((b) => b.id)).toContain('club-roster');
    expect(badges.every((b) => b.earnedAt === '')).toBe(true);
    // The locked badges of Achievements say what earns them.
    expect(badges.find((b) => b.id === 'first-trade')?.howToEarn).toBe(
      'Complete a trade with another player',
    );
    expect(badges.every((b) => b.howToEarn !== '' && b.howToEarn !== b.description)).toBe(true);
  });
});

describe("a team's full roster (Full Squad)", () => {
  const progress = (complete: boolean) => ({
    teams: [
      { teamId: 1, players: 2, ownedPlayers: complete ? 2 : 1 },
      { teamId: 2, players: 1, ownedPlayers: 0 },
    ],
  });
  const withCatalog = (complete: boolean, calls: number[] = []): MissionsDeps =>
    h.deps({
      cards: {
        GetTeamProgress: (req) => {
          calls.push(Number(req.userId));
          return Promise.resolve(progress(complete));
        },
      },
    });

  it('is earned once when a card completes a team, dated by the card event', async () => {
    const user = h.user();
    await h.publish('cards.card.minted', '1', {
      cardId: 1,
      userId: user,
      playerId: 1,
      mintedAt: '2026-11-23T14:00:00.000Z',
    });
    await h.publish('cards.card.transferred', '2', {
      cardId: 2,
      playerId: 2,
      fromUserId: 0,
      toUserId: user,
      transferredAt: '2026-11-23T14:10:00.000Z',
    });
    // Not complete yet: the check is done, nothing earned.
    await checkRosters(withCatalog(false));
    expect((await h.client.GetUserBadges({ userId: user })).badges).toEqual([]);
    await h.publish('cards.card.transferred', '3', {
      cardId: 3,
      playerId: 2,
      fromUserId: 0,
      toUserId: user,
      transferredAt: '2026-11-23T14:20:00.000Z',
    });
    const calls: number[] = [];
    await checkRosters(withCatalog(true, calls));
    expect(calls).toEqual([user]);
    const { badges } = await h.client.GetUserBadges({ userId: user });
    expect(badges.map((b) => [b.id, b.earnedAt])).toEqual([['club-roster', '2026-11-23T14:20:00.000Z']]);
    // Later cards do not earn it again, and a user who has it is not checked any more.
    await h.publish('cards.card.transferred', '4', {
      cardId: 4,
      playerId: 2,
      fromUserId: 0,
      toUserId: user,
      transferredAt: '2026-11-23T14:30:00.000Z',
    });
    const later: number[] = [];
    await checkRosters(withCatalog(true, later));
    expect(later).toEqual([]);
    expect((await h.events('missions.badge.earned')).filter((e) => e.userId === user)).toHaveLength(1);
  });

  it('queues one check per user for a batch of cards, at the latest card of each, in one statement', async () => {
    const [ana, ben] = [h.user(), h.user()];
    const moved = (cardId: number, toUserId: number, minute: number) => ({
      key: String(cardId),
      payload: {
        cardId,
        playerId: 2,
        fromUserId: 0,
        toUserId,
        transferredAt: `2026-11-23T15:${String(minute).padStart(2, '0')}:00.000Z`,
      },
    });
    // Three cards each by the leaderboard's count: enough for the smallest team, so both are asked.
    for (const user of [ana, ben]) await h.stats(user, 1_000, 1, '2026-11-23T15:00:00.000Z');
    const sql = await h.statementsDuring(async () => {
      await h.publishTogether('cards.card.transferred', [
        moved(11, ana, 20),
        moved(12, ben, 5),
        moved(13, ana, 40),
        moved(14, ana, 30),
      ]);
    });
    expect(sql.filter((text) => text.includes('roster_checks'))).toHaveLength(1);
    const queued = await h.missions.database
      .db('roster_checks')
      .whereIn('user_id', [ana, ben])
      .orderBy('user_id')
      .select('user_id', 'event_at');
    expect(
      queued.map((r: { user_id: number; event_at: Date }) => [r.user_id, new Date(r.event_at).toISOString()]),
    ).toEqual([
      [ana, '2026-11-23T15:40:00.000Z'],
      [ben, '2026-11-23T15:05:00.000Z'],
    ]);
    const calls: number[] = [];
    await checkRosters(withCatalog(false, calls));
    expect(calls.filter((u) => u === ana || u === ben).sort()).toEqual([ana, ben].sort());
  });

  it('asks cards-market only for users with at least as many cards as the smallest team has players', async () => {
    const user = h.user();
    const calls: number[] = [];
    // One client for the whole test, as a running service has: it learns the smallest team (1 player).
    const catalog = withCatalog(false, calls);
    const minted = (cardId: number, minute: number) =>
      h.publish('cards.card.minted', String(cardId), {
        cardId,
        userId: user,
        playerId: 1,
        mintedAt: `2026-11-23T16:${String(minute).padStart(2, '0')}:00.000Z`,
      });
    const statsOf = (cardCount: number, version: number) =>
      h.publish('leaderboard.stats.changed', String(user), {
        userId: user,
        collectionValue: 1_000 * cardCount,
        cardCount,
        version,
        asOf: `2026-11-23T16:0${version}:00.000Z`,
      });
    await checkRosters(withCatalog(false, [])); // another client learns nothing for this one
    await minted(61, 1);
    await checkRosters(catalog);
    expect(calls).toEqual([user]); // the first answer teaches the floor
    // Its card count is still unknown (0): below the floor, not asked, and the check is done.
    await minted(62, 2);
    await checkRosters(catalog);
    expect(calls).toEqual([user]);
    expect(await h.missions.database.db('roster_checks').where({ user_id: user })).toHaveLength(0);
    // The fold that raises its count asks again, and now it is asked.
    await statsOf(2, 3);
    await checkRosters(catalog);
    expect(calls).toEqual([user, user]);
    // A fold that does not raise the count (a price moved) asks nothing.
    await statsOf(2, 4);
    await checkRosters(catalog);
    expect(calls).toEqual([user, user]);
  });

  it('queues no check for a card or a fold that leaves a collection smaller than the smallest team', async () => {
    const [small, large] = [h.user(), h.user()];
    // The stats harness folds a count of 3 cards for each.
    for (const user of [small, large]) await h.stats(user, 1_000, 1, '2026-11-23T17:00:00.000Z');
    const smallestTeam = new SmallestTeam();
    smallestTeam.learn([4]);
    const deps = h.deps({ smallestTeam });
    const queued = async (user: number) =>
      (await h.missions.database.db('roster_checks').where({ user_id: user })).length;
    await h.missions.database.db('roster_checks').whereIn('user_id', [small, large]).delete();
    const meta = (id: string) => ({ eventId: id, key: '1', occurredAt: new Date('2026-11-23T17:05:00Z') });
    await inTransaction(h.missions.database.db, (trx) =>
      onCardsReceived(deps, trx, [{ userId: small, at: '2026-11-23T17:05:00.000Z', meta: meta('a') }]),
    );
    expect(await queued(small)).toBe(0);
    // A fold that brings the count to the smallest team's size asks; one below it does not.
    const fold = (userId: number, cardCount: number, version: number) =>
      inTransaction(h.missions.database.db, (trx) =>
        onStatsChanged(deps, trx, [
          {
            event: { userId, collectionValue: 2_000, cardCount, version, asOf: '2026-11-23T17:06:00.000Z' },
            meta: meta(`fold-${userId}-${version}`),
          },
        ]),
      );
    await fold(small, 3, 2);
    expect(await queued(small)).toBe(0);
    await fold(large, 4, 2);
    expect(await queued(large)).toBe(1);
    // Now at the size: a card reaching it is checked.
    await h.missions.database.db('roster_checks').where({ user_id: large }).delete();
    await inTransaction(h.missions.database.db, (trx) =>
      onCardsReceived(deps, trx, [{ userId: large, at: '2026-11-23T17:07:00.000Z', meta: meta('b') }]),
    );
    expect(await queued(large)).toBe(1);
  });

  it('a check that cannot reach cards-market stays queued for the next run', async () => {
    const user = h.user();
    await h.publish('cards.card.minted', '5', {
      cardId: 5,
      userId: user,
      playerId: 1,
      mintedAt: '2026-11-23T14:00:00.000Z',
    });
    await checkRosters(h.deps()); // cards-market points nowhere in this harness
    expect(await h.missions.database.db('roster_checks').where({ user_id: user })).toHaveLength(1);
    await checkRosters(withCatalog(true));
    expect(await h.missions.database.db('roster_checks').where({ user_id: user })).toHaveLength(0);
    expect((await h.client.GetUserBadges({ userId: user })).badge).toBe('Full Squad');
  });
});

describe('badge progress', () => {
  it("lists each badge with the user's progress toward it from their counters, value and claims", async () => {
    const user = h.user();
    await h.stats(user, 19_078, 1, '2026-11-23T14:00:00.000Z');
    for (const at of ['13:00', '13:10', '13:20'])
      await h.tradeAccepted(user, h.user(), `2026-11-23T${at}:00.000Z`);
    const { badges } = await h.client.ListBadges({ userId: user });
    const progress = Object.fromEntries(badges.map((b) => [b.id, [b.progress, b.threshold]]));
    expect(progress['value-25k']).toEqual([19_078, 25_000]);
    expect(progress['value-100k']).toEqual([19_078, 100_000]);
    expect(progress['trades-10']).toEqual([3, 10]);
    expect(progress['club-roster']).toEqual([0, 0]);

    const another = await h.client.ListBadges({ userId: h.user() });
    expect(another.badges.find((b) => b.id === 'value-25k')).toMatchObject({
      progress: 0,
      threshold: 25_000,
    });
  });

  it('stops at the threshold once a badge is reached, and lists no progress without a user', async () => {
    const user = h.user();
    await h.stats(user, 30_000, 1, '2026-11-23T14:00:00.000Z');
    const { badges } = await h.client.ListBadges({ userId: user });
    expect(badges.find((b) => b.id === 'value-25k')).toMatchObject({ progress: 25_000, threshold: 25_000 });
    const none = await h.client.ListBadges({});
    expect(none.badges.every((b) => b.progress === 0 && b.threshold === 0)).toBe(true);
  });
});

describe('squad challenges', () => {
  it("counts a completed challenge into the week's mission and earns Squad Builder, once per event", async () => {
    const user = h.user();
    const completed = (eventId?: string) =>
      h.publish(
        'market.challenge.completed',
        String(user),
        {
          challengeId: 3,
          userId: user,
          submissionId: 9,
          cardIds: [1, 2, 3],
          rewardCoins: 1_500,
          title: 'Three of Atlanta United',
          completedAt: '2026-11-23T14:00:00.000Z',
        },
        eventId,
      );
    expect(await h.mission(user, CHALLENGE)).toMatchObject({ progress: 0, target: 1, completed: false });
    const id = await completed();
    await completed(id);
    expect(await h.mission(user, CHALLENGE)).toMatchObject({
      progress: 1,
      completed: true,
      description: 'Complete a squad challenge',
    });
    const earned = await h.missions.database
      .db('user_badges')
      .where({ user_id: user, badge_id: 'challenge-1' })
      .select('badge_id');
    expect(earned).toHaveLength(1);
    expect((await h.events('missions.badge.earned')).filter((e) => e.userId === user)).toHaveLength(1);
  });
});
