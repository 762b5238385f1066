import type { Knex } from 'knex';
import { emitted } from './emitted';
import { line, type AuditLine } from './line';
import { inPeriod, progressDiff, progressNow, type MissionShape } from './mission-rows';

/**
 * The sign-in missions recomputed from identity's own record of each sign-in (the logged_in events
 * it commits with last_login_at) and of each sign-up, which signs the player in and so counts as
 * that day's sign-in: sign-ins this period, capped at the target.
 */
export async function auditSignInMissions(db: Knex, missions: readonly MissionShape[]): Promise<AuditLine[]> {
  const signIn = missions.filter((m) => m.counts.event === 'identity.user.logged_in');
  const logins = await emitted(db, ['identity.user.logged_in', 'identity.user.registered']);
  const violations: string[] = [];
  let checked = 0;
  for (const mission of signIn) {
    const { period, stored } = await progressNow(db, mission);
    const truth = new Map<number, number>();
    for (const { event, occurredAt } of logins) {
      const stamp = 'loggedInAt' in event ? event.loggedInAt : event.registeredAt;
      const at = stamp ? new Date(stamp) : occurredAt;
      const userId = Number(event.userId);
      if (userId > 0 && inPeriod(at, period))
        truth.set(userId, Math.min(mission.target, (truth.get(userId) ?? 0) + 1));
    }
    checked += truth.size;
    violations.push(...progressDiff(mission, stored, truth));
  }
  return [
    line(
      'missions: sign-in progress equals a recomputation from identity',
      violations,
      `${signIn.length} mission(s), ${logins.length} sign-ins, ${checked} users signed in this period`,
    ),
  ];
}
