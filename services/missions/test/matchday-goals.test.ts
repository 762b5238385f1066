import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MISSIONS } from '../src/catalogue/missions';
import { startMissions, type MissionsHarness } from './support';

// Issue 44: lineup goals in the missions' own model. Mission ids of src/catalogue/missions.ts.
const FIELD_LINEUP = 22;
const SCORE_30 = 23;

let h: MissionsHarness;

beforeAll(async () => {
  h = await startMissions();
});
afterAll(async () => {
  await h?.stop();
});

const fielded = (userId: number, matchdayId: number, at: string, eventId?: string) =>
  h.publish('matchday.lineup.fielded', String(userId), { matchdayId, userId, fieldedAt: at }, eventId);

const ranked = (userId: number, matchdayId: number, points: number, at: string, eventId?: string) =>
  h.publish(
    'matchday.lineup.ranked',
    String(userId),
    { matchdayId, userId, points, rank: 1, entries: 4, reward: 100, rankedAt: at },
    eventId,
  );

const badgesOf = async (userId: number) =>
  (
    (await h.missions.database.db('user_badges').where({ user_id: userId }).orderBy('badge_id')) as {
      badge_id: string;
    }[]
  ).map((b) => b.badge_id);

describe('matchday missions and badges', () => {
  it('are in the catalogue', () => {
    expect(MISSIONS.find((m) => m.id === FIELD_LINEUP)).toMatchObject({
      period: 'daily',
      description: 'Field a matchday lineup',
    });
    expect(MISSIONS.find((m) => m.id === SCORE_30)).toMatchObject({
      period: 'weekly',
      description: 'Score 30 points in a matchday',
    });
  });

  it('fielding a lineup completes the daily mission, once however often the event comes', async () => {
    const user = h.user();
    const id = await fielded(user, 5, '2026-11-23T14:00:00.000Z');
    await fielded(user, 5, '2026-11-23T14:00:00.000Z', id);
    expect(await h.mission(user, FIELD_LINEUP)).toMatchObject({
      progress: 1,
      completed: true,
      completedAt: '2026-11-23T14:00:00.000Z',
    });
    const completed = (await h.events('missions.mission.completed')).filter(
      (e) => e.userId === user && e.missionId === FIELD_LINEUP,
    );
    expect(completed).toHaveLength(1);
  });

  it('a scored lineup of 30 points completes the weekly mission; 29.5 does not; 50 earns Sharpshooter', async () => {
    const short = h.user();
    await ranked(short, 5, 295, '2026-11-23T20:00:00.000Z');
    expect(await h.mission(short, SCORE_30)).toMatchObject({ progress: 0, completed: false });
    expect(await badgesOf(short)).toEqual(['first-matchday']);

    const good = h.user();
    await ranked(good, 5, 300, '2026-11-23T20:00:00.000Z');
    expect(await h.mission(good, SCORE_30)).toMatchObject({ progress: 1, completed: true });
    expect(await badgesOf(good)).toEqual(['first-matchday']);

    const star = h.user();
    const id = await ranked(star, 5, 512, '2026-11-23T20:00:00.000Z');
    await ranked(star, 5, 512, '2026-11-23T20:00:00.000Z', id);
    expect(await badgesOf(star)).toEqual(['first-matchday', 'points-50']);
    const earned = (await h.events('missions.badge.earned')).filter((e) => e.userId === star);
    expect(earned.map((e) => e.badgeId).sort()).toEqual(['first-matchday', 'points-50']);
  });

  it('ten matchdays played earn Season Regular', async () => {
    const user = h.user();
    for (let matchday = 1; matchday <= 10; matchday++)
      await ranked(user, matchday, 40, `2026-11-${String(10 + matchday).padStart(2, '0')}T20:00:00.000Z`);
    expect(await badgesOf(user)).toEqual(['first-matchday', 'matchdays-10']);
  });
});
