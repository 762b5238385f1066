import { describe, expect, it } from 'vitest';
import {
  completedShowsClaim,
  missionListsAfter,
  withClaimedMission,
  type ListedMission,
  type MissionsChange,
} from '../src/own-missions';

const TODAY_ENDS = '2026-11-28T05:00:00.000Z';
const WEEK_ENDS = '2026-11-30T05:00:00.000Z';
const AT = '2026-11-27T15:00:00.000Z';

const mission = (id: number, resetsAt: string, progress = 0, extra: Partial<ListedMission> = {}) => ({
  id,
  description: `mission ${id}`,
  progress,
  completed: false,
  completedAt: null,
  claimed: false,
  resetsAt,
  ...extra,
});
const lists = () => ({
  daily: [mission(1, TODAY_ENDS, 1), mission(2, TODAY_ENDS)],
  weekly: [mission(7, WEEK_ENDS, 4)],
});
const moved = (
  missionId: number,
  progress: number,
  resetsAt = TODAY_ENDS,
  completedAt: string | null = null,
) => ({
  missionId,
  progress,
  completed: completedAt !== null,
  completedAt,
  resetsAt,
});
const change = (kind: MissionsChange['change'], ...missions: MissionsChange['missions'][number][]) => ({
  change: kind,
  missionId: missions.length === 1 ? missions[0]!.missionId : null,
  missions,
});

describe('missionListsAfter', () => {
  it('puts the moved missions of both periods in, leaving the others and their fields', () => {
    const after = missionListsAfter(lists(), change('progress', moved(1, 2), moved(7, 5, WEEK_ENDS)));
    expect(after?.daily.map((m) => m.progress)).toEqual([2, 0]);
    expect(after?.weekly[0]).toEqual({ ...mission(7, WEEK_ENDS), progress: 5 });
    // The same instant written another way is the same period.
    expect(missionListsAfter(lists(), change('progress', moved(2, 1, '2026-11-28T05:00:00Z')))).toBeDefined();
  });

  it('reads again what the lists cannot show: no lists, another period, an unknown mission, no missions', () => {
    expect(missionListsAfter(undefined, change('progress', moved(1, 2)))).toBeUndefined();
    expect(
      missionListsAfter(lists(), change('progress', moved(1, 2, '2026-11-29T05:00:00.000Z'))),
    ).toBeUndefined();
    expect(missionListsAfter(lists(), change('progress', moved(1, 2), moved(99, 1)))).toBeUndefined();
    expect(missionListsAfter(lists(), change('completed'))).toBeUndefined();
  });

  it('a completion and the progress of its moment agree in either order; old progress undoes nothing', () => {
    const completed = change('completed', moved(1, 3, TODAY_ENDS, AT));
    const progress = change('progress', moved(1, 3, TODAY_ENDS, AT));
    const done = { progress: 3, completed: true, completedAt: AT };
    expect(missionListsAfter(missionListsAfter(lists(), completed), progress)?.daily[0]).toMatchObject(done);
    expect(missionListsAfter(missionListsAfter(lists(), progress), completed)?.daily[0]).toMatchObject(done);
    // A progress event from before the completion, delivered after it (another topic).
    const late = missionListsAfter(missionListsAfter(lists(), completed), change('progress', moved(1, 2)));
    expect(late?.daily[0]).toMatchObject(done);
  });

  it('a claim the lists show (the claimer’s own answer put it there) needs no read; another tab’s does', () => {
    const claimed = { daily: [mission(1, TODAY_ENDS, 3, { completed: true, claimed: true })], weekly: [] };
    expect(missionListsAfter(claimed, { change: 'claimed', missionId: 1, missions: [] })).toBe(claimed);
    expect(missionListsAfter(lists(), { change: 'claimed', missionId: 1, missions: [] })).toBeUndefined();
  });
});

describe('the Completed tab and a claim', () => {
  const claimed = (id: number, resetsAt: string, completedAt: string) =>
    mission(id, resetsAt, 3, { completed: true, claimed: true, completedAt });
  const yesterday = claimed(1, '2026-11-27T05:00:00.000Z', '2026-11-26T20:00:00.000Z');
  const earlier = claimed(7, WEEK_ENDS, '2026-11-25T10:00:00.000Z');

  it('puts the claimed mission where its completion falls, once per period', () => {
    const today = claimed(1, TODAY_ENDS, AT);
    expect(withClaimedMission([yesterday, earlier], today)).toEqual([today, yesterday, earlier]);
    expect(withClaimedMission([today, yesterday], today)).toEqual([today, yesterday]);
    const between = claimed(2, TODAY_ENDS, '2026-11-26T01:00:00.000Z');
    expect(withClaimedMission([yesterday, earlier], between)).toEqual([yesterday, between, earlier]);
  });

  it('shows a claim when the lists and the tab both have this period’s mission claimed', () => {
    const today = claimed(1, TODAY_ENDS, AT);
    const lists = { daily: [today], weekly: [] };
    expect(completedShowsClaim([today, yesterday], lists, 1)).toBe(true);
    // Yesterday's claim of the same mission is not today's.
    expect(completedShowsClaim([yesterday], lists, 1)).toBe(false);
    expect(completedShowsClaim([today], { daily: [mission(1, TODAY_ENDS)], weekly: [] }, 1)).toBe(false);
    expect(completedShowsClaim(undefined, lists, 1)).toBe(false);
  });
});
