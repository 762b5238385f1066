import type { ListCompletedMissionsResponse } from '@touchline/protos/gen/touchline/missions/ListCompletedMissionsResponse';
import type { ListMissionsResponse } from '@touchline/protos/gen/touchline/missions/ListMissionsResponse';
import { claimedMissions, instancesInPeriods } from '../db/claims';
import { periodOf } from '../domain/periods';
import { missionMessage } from '../mappers';
import type { MissionsDeps } from './deps';

/** How many claimed missions the Completed tab shows (a year of every mission is far fewer than this). */
const COMPLETED_LIMIT = 500;

/** The current day's and week's missions with the user's progress in them. */
export async function listMissions(deps: MissionsDeps, userId: number): Promise<ListMissionsResponse> {
  const now = deps.clock.now();
  const daily = periodOf('daily', now);
  const weekly = periodOf('weekly', now);
  const keys = [daily.key, weekly.key];
  const rows = await instancesInPeriods(deps.db, userId, keys);
  const missions = deps.missions.map((mission) => {
    const period = mission.period === 'daily' ? daily : weekly;
    const row = rows.find((r) => r.mission_id === mission.id && r.period_key === period.key);
    return missionMessage(
      mission,
      {
        periodKey: period.key,
        resetsAt: period.end,
        progress: row ? row.progress : 0,
        completedAt: row?.completed_at ?? null,
      },
      row?.claim,
    );
  });
  return {
    daily: missions.filter((m) => m.period === 'daily'),
    weekly: missions.filter((m) => m.period === 'weekly'),
  };
}

/** Claimed missions across periods, newest completion first. */
export async function listCompletedMissions(
  deps: MissionsDeps,
  userId: number,
): Promise<ListCompletedMissionsResponse> {
  const rows = await claimedMissions(deps.db, userId, COMPLETED_LIMIT);
  return {
    missions: rows.flatMap((row) => {
      const mission = deps.missions.find((m) => m.id === row.mission_id);
      if (!mission) return [];
      return [
        missionMessage(
          mission,
          {
            periodKey: row.period_key,
            resetsAt: row.period_end,
            progress: row.progress,
            completedAt: row.completed_at,
          },
          row,
        ),
      ];
    }),
  };
}
