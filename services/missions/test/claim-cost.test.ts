import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimMission } from '../src/use-cases/claim';
import { listCompletedMissions, listMissions } from '../src/use-cases/list-missions';
import { key, startMissions, type MissionsHarness } from './support';

/**
 * What a claim and the mission lists cost missions' database (issue 41, "Cut the write path's
 * cost"): each a round trip, counted, not timed (a transaction's BEGIN and COMMIT included).
 */
const SIGN_IN = 1; // daily, reward 100

/** The use case's own statements: the service's outbox relay runs meanwhile and is not counted. */
const own = (sql: string[]) =>
  sql.filter((q) =>
    /mission_|user_badges|lifetime_counts|insert into "outbox"|^(BEGIN|COMMIT|ROLLBACK)/.test(q),
  );

let h: MissionsHarness;

beforeAll(async () => {
  h = await startMissions();
});
afterAll(async () => {
  await h?.stop();
});

async function finishedSignIn(): Promise<number> {
  const user = h.user();
  await h.signIn(user, '2026-11-23T14:00:00.000Z');
  return user;
}

describe('the cost of a claim', () => {
  it('is recorded, settled and answered in 2 statements and no transaction (13 before)', async () => {
    const user = await finishedSignIn();
    const idempotencyKey = key();
    let answer;
    const sql = own(
      await h.statementsDuring(async () => {
        answer = await claimMission(h.deps(), { userId: user, missionId: SIGN_IN, idempotencyKey });
      }),
    );
    expect(answer).toMatchObject({
      status: 'claimed',
      coins: 100,
      mission: { id: SIGN_IN, claimed: true, progress: 1, completedAt: '2026-11-23T14:00:00.000Z' },
    });
    expect(sql, sql.join('\n')).toHaveLength(2);

    // A retry with the same key: the one statement finds the paid claim and its progress (2 before).
    let again;
    const retry = own(
      await h.statementsDuring(async () => {
        again = await claimMission(h.deps(), { userId: user, missionId: SIGN_IN, idempotencyKey });
      }),
    );
    expect(again).toEqual(answer);
    expect(retry.length, retry.join('\n')).toBe(1);
  });

  it('lists the missions in one statement (2 before), and the claimed ones in one', async () => {
    const user = await finishedSignIn();
    await claimMission(h.deps(), { userId: user, missionId: SIGN_IN, idempotencyKey: key() });
    let listed: Awaited<ReturnType<typeof listMissions>> | undefined;
    const sql = own(
      await h.statementsDuring(async () => {
        listed = await listMissions(h.deps(), user);
      }),
    );
    expect(listed?.daily?.find((m) => m.id === SIGN_IN)).toMatchObject({
      claimed: true,
      completed: true,
      progress: 1,
      claimedAt: '2026-11-23T15:00:00.000Z',
    });
    expect(sql).toHaveLength(1);
    let completed: Awaited<ReturnType<typeof listCompletedMissions>> | undefined;
    const completedSql = own(
      await h.statementsDuring(async () => {
        completed = await listCompletedMissions(h.deps(), user);
      }),
    );
    expect(completed?.missions?.map((m) => [m.id, m.claimed])).toEqual([[SIGN_IN, true]]);
    expect(completedSql).toHaveLength(1);
  });
});
