import { status as GrpcStatus } from '@grpc/grpc-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MissionDefinition } from '../src/domain/definitions';
import { claimMission } from '../src/use-cases/claim';
import type { MissionsDeps } from '../src/use-cases/deps';
import { recordEvent } from '../src/use-cases/record-event';
import { sweepPendingClaims } from '../src/use-cases/sweeper';
import { failure, key, startMissions, type MissionsHarness } from './support';

const SIGN_IN = 1; // daily, reward 100
const BUY_ONE = 2; // daily, reward 200

let h: MissionsHarness;

beforeAll(async () => {
  h = await startMissions();
});

afterAll(async () => {
  await h?.stop();
});

/** The wallet's postings for a claim (its grant is keyed by the claim id). */
async function postingsFor(claimId: string): Promise<number> {
  const rows = await h.wallet.database.db('transactions').where({ idempotency_key: claimId });
  return rows.length;
}

async function finishedSignIn(): Promise<number> {
  const user = h.user();
  await h.signIn(user, '2026-11-23T14:00:00.000Z');
  return user;
}

/** A wallet that does what the real one does, or is down, or pays but loses the answer. */
function walletThat(behaviour: 'down' | 'loses-answer'): MissionsDeps['wallet'] {
  return {
    async Grant(request, options) {
      if (behaviour === 'loses-answer') await h.walletClient.Grant(request, options);
      throw Object.assign(new Error('deadline exceeded'), {
        code: GrpcStatus.DEADLINE_EXCEEDED,
        details: 'Deadline exceeded',
        metadata: undefined,
      });
    },
  };
}

describe('claiming a mission', () => {
  it('pays the reward through the wallet once and marks the mission claimed', async () => {
    const user = await finishedSignIn();
    const result = await h.client.ClaimMission({ userId: user, missionId: SIGN_IN, idempotencyKey: key() });
    expect(result).toMatchObject({ status: 'claimed', reward: 100, coins: 100, message: '+100 coins' });
    expect(result.mission).toMatchObject({ id: SIGN_IN, claimed: true, completed: true, progress: 1 });
    expect(await h.balance(user)).toBe(100);
    expect(await h.mission(user, SIGN_IN)).toMatchObject({
      claimed: true,
      claimedAt: '2026-11-23T15:00:00.000Z',
    });
    const claimed = (await h.events('missions.reward.claimed')).filter((e) => e.userId === user);
    expect(claimed).toEqual([
      expect.objectContaining({ claimId: `mission:${user}:1:2026-11-23`, missionId: SIGN_IN, reward: 100 }),
    ]);
    expect(await postingsFor(`mission:${user}:1:2026-11-23`)).toBe(1);
  });

  it('lists claimed missions, newest completion first, with completedAt', async () => {
    const user = h.user();
    await h.signIn(user, '2026-11-23T13:00:00.000Z');
    await h.sale(user, 0, '2026-11-23T14:00:00.000Z');
    expect((await h.client.ListCompletedMissions({ userId: user })).missions).toEqual([]);
    await h.client.ClaimMission({ userId: user, missionId: SIGN_IN, idempotencyKey: key() });
    await h.client.ClaimMission({ userId: user, missionId: BUY_ONE, idempotencyKey: key() });
    const { missions } = await h.client.ListCompletedMissions({ userId: user });
    expect(missions.map((m) => [m.id, m.completedAt, m.claimed])).toEqual([
      [BUY_ONE, '2026-11-23T14:00:00.000Z', true],
      [SIGN_IN, '2026-11-23T13:00:00.000Z', true],
    ]);
    expect(await h.balance(user)).toBe(300);
  });

  it('refuses an unfinished mission (FAILED_PRECONDITION, HTTP 422) and pays nothing', async () => {
    const user = h.user();
    const refused = await failure(
      h.client.ClaimMission({ userId: user, missionId: BUY_ONE, idempotencyKey: key() }),
    );
    expect(refused).toMatchObject({
      code: GrpcStatus.FAILED_PRECONDITION,
      details: 'This mission is not finished yet',
    });
    expect(await h.balance(user)).toBe(0);
    expect(await h.missions.database.db('mission_claims').where({ user_id: user })).toEqual([]);
  });

  it('refuses an unknown mission (NOT_FOUND) and a missing idempotency key (INVALID_ARGUMENT)', async () => {
    const user = await finishedSignIn();
    expect(
      await failure(h.client.ClaimMission({ userId: user, missionId: 999, idempotencyKey: key() })),
    ).toMatchObject({ code: GrpcStatus.NOT_FOUND, details: 'Mission not found' });
    expect(
      await failure(h.client.ClaimMission({ userId: user, missionId: SIGN_IN, idempotencyKey: '' })),
    ).toMatchObject({ code: GrpcStatus.INVALID_ARGUMENT });
    expect(await h.balance(user)).toBe(0);
  });

  it('refuses a second claim (ALREADY_EXISTS, HTTP 409); a retry with the same key gets the same answer', async () => {
    const user = await finishedSignIn();
    const k = key();
    const first = await h.client.ClaimMission({ userId: user, missionId: SIGN_IN, idempotencyKey: k });
    const retry = await h.client.ClaimMission({ userId: user, missionId: SIGN_IN, idempotencyKey: k });
    expect(retry).toEqual(first);
    expect(
      await failure(h.client.ClaimMission({ userId: user, missionId: SIGN_IN, idempotencyKey: key() })),
    ).toMatchObject({ code: GrpcStatus.ALREADY_EXISTS, details: 'You have already claimed this mission' });
    expect(await h.balance(user)).toBe(100);
  });

  it('refuses an idempotency key already used for another mission', async () => {
    const user = h.user();
    await h.signIn(user, '2026-11-23T13:00:00.000Z');
    await h.sale(user, 0, '2026-11-23T14:00:00.000Z');
    const k = key();
    await h.client.ClaimMission({ userId: user, missionId: SIGN_IN, idempotencyKey: k });
    expect(
      await failure(h.client.ClaimMission({ userId: user, missionId: BUY_ONE, idempotencyKey: k })),
    ).toMatchObject({ code: GrpcStatus.ALREADY_EXISTS });
    expect(await h.balance(user)).toBe(100);
  });

  it('one key racing in for two missions pays one of them', async () => {
    const user = h.user();
    await h.signIn(user, '2026-11-23T13:00:00.000Z');
    await h.sale(user, 0, '2026-11-23T14:00:00.000Z');
    const k = key();
    const results = await Promise.allSettled(
      [SIGN_IN, BUY_ONE].map((missionId) =>
        h.client.ClaimMission({ userId: user, missionId, idempotencyKey: k }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const lost = results.find((r) => r.status === 'rejected');
    expect(lost?.reason).toMatchObject({ code: GrpcStatus.ALREADY_EXISTS });
    expect([100, 200]).toContain(await h.balance(user));
  });

  it('20 parallel claims with different keys: one payment, one success, 19 "already claimed"', async () => {
    const user = await finishedSignIn();
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () =>
        h.client.ClaimMission({ userId: user, missionId: SIGN_IN, idempotencyKey: key() }),
      ),
    );
    const won = results.filter((r) => r.status === 'fulfilled');
    const lost = results.filter((r) => r.status === 'rejected');
    expect(won).toHaveLength(1);
    expect(won[0]!.value).toMatchObject({ status: 'claimed', coins: 100 });
    for (const r of lost) {
      expect(r.reason).toMatchObject({
        code: GrpcStatus.ALREADY_EXISTS,
        details: 'You have already claimed this mission',
      });
    }
    expect(await h.balance(user)).toBe(100);
    expect(await postingsFor(`mission:${user}:1:2026-11-23`)).toBe(1);
    expect((await h.events('missions.reward.claimed')).filter((e) => e.userId === user)).toHaveLength(1);
  });

  it('20 parallel retries with one key: one payment, 20 identical answers', async () => {
    const user = await finishedSignIn();
    const k = key();
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        h.client.ClaimMission({ userId: user, missionId: SIGN_IN, idempotencyKey: k }),
      ),
    );
    for (const r of results) expect(r).toEqual(results[0]);
    expect(results[0]).toMatchObject({ status: 'claimed', coins: 100 });
    expect(await h.balance(user)).toBe(100);
    expect(await postingsFor(`mission:${user}:1:2026-11-23`)).toBe(1);
  });

  it("claims the current period only: yesterday's finished mission is not claimable after midnight ET", async () => {
    const user = await finishedSignIn();
    h.clock.set('2026-11-24T05:00:00.000Z');
    try {
      expect(
        await failure(h.client.ClaimMission({ userId: user, missionId: SIGN_IN, idempotencyKey: key() })),
      ).toMatchObject({ code: GrpcStatus.FAILED_PRECONDITION });
      // A late sign-in from Monday, delivered on Tuesday, does not make Tuesday's claimable either.
      await h.signIn(user, '2026-11-24T04:59:59.000Z');
      expect(
        await failure(h.client.ClaimMission({ userId: user, missionId: SIGN_IN, idempotencyKey: key() })),
      ).toMatchObject({ code: GrpcStatus.FAILED_PRECONDITION });
      await h.signIn(user, '2026-11-24T05:00:00.000Z');
      expect(
        await h.client.ClaimMission({ userId: user, missionId: SIGN_IN, idempotencyKey: key() }),
      ).toMatchObject({ status: 'claimed', mission: { periodKey: '2026-11-24' } });
    } finally {
      h.clock.set('2026-11-23T15:00:00.000Z');
    }
    expect(await h.balance(user)).toBe(100);
  });
});

describe('a claim when the wallet is down or slow', () => {
  it('is recorded and answered "pending"; a later claim is refused; the sweeper pays it once', async () => {
    const user = await finishedSignIn();
    const claimId = `mission:${user}:1:2026-11-23`;
    const pending = await claimMission(h.deps({ wallet: walletThat('down') }), {
      userId: user,
      missionId: SIGN_IN,
      idempotencyKey: key(),
    });
    expect(pending).toMatchObject({ status: 'pending', coins: 0, mission: { claimed: true } });
    expect(pending.message).toMatch(/paid/);
    expect(await h.balance(user)).toBe(0);
    // Still down: another claim is refused (it is claimed), and pays nothing.
    expect(
      await failure(
        claimMission(h.deps({ wallet: walletThat('down') }), {
          userId: user,
          missionId: SIGN_IN,
          idempotencyKey: key(),
        }),
      ),
    ).toMatchObject({ code: 'conflict' });
    expect(await sweepPendingClaims(h.deps({ wallet: walletThat('down') }))).toBe(0);
    // Back up: the sweeper (a second later) pays it, and only once.
    h.clock.advance(2_000);
    expect(await sweepPendingClaims(h.deps())).toBeGreaterThanOrEqual(1);
    expect(await sweepPendingClaims(h.deps())).toBe(0);
    expect(await h.balance(user)).toBe(100);
    expect(await postingsFor(claimId)).toBe(1);
    expect(await h.mission(user, SIGN_IN)).toMatchObject({ claimed: true });
  });

  it('a lost answer (paid, but the reply timed out) is finished by a retry with the same key, paying once', async () => {
    const user = await finishedSignIn();
    const k = key();
    const pending = await claimMission(h.deps({ wallet: walletThat('loses-answer') }), {
      userId: user,
      missionId: SIGN_IN,
      idempotencyKey: k,
    });
    expect(pending.status).toBe('pending');
    expect(await h.balance(user)).toBe(100);
    const retried = await h.client.ClaimMission({ userId: user, missionId: SIGN_IN, idempotencyKey: k });
    expect(retried).toMatchObject({ status: 'claimed', coins: 100 });
    expect(await h.balance(user)).toBe(100);
    expect(await postingsFor(`mission:${user}:1:2026-11-23`)).toBe(1);
  });

  it('a claim refused with another key while pending helps the payment along (still paid once)', async () => {
    const user = await finishedSignIn();
    await claimMission(h.deps({ wallet: walletThat('down') }), {
      userId: user,
      missionId: SIGN_IN,
      idempotencyKey: key(),
    });
    expect(
      await failure(h.client.ClaimMission({ userId: user, missionId: SIGN_IN, idempotencyKey: key() })),
    ).toMatchObject({ code: GrpcStatus.ALREADY_EXISTS });
    expect(await h.balance(user)).toBe(100);
    expect(await postingsFor(`mission:${user}:1:2026-11-23`)).toBe(1);
  });
});

describe('the claims badge', () => {
  it('the tenth claimed mission earns Mission Specialist, once', async () => {
    // Ten one-sign-in missions of a test catalogue, claimed through the use cases on the real wallet.
    const missions: MissionDefinition[] = Array.from({ length: 11 }, (_, i) => ({
      id: 100 + i,
      period: 'daily',
      description: `Sign in (${i})`,
      icon: 'log-in',
      counts: { event: 'identity.user.logged_in', as: ['user'] },
      target: 1,
      reward: 10,
    }));
    const deps = h.deps({ missions });
    const user = h.user();
    await deps.db.transaction((trx) =>
      recordEvent(
        deps,
        trx,
        'identity.user.logged_in',
        { userId: user, loggedInAt: '2026-11-23T14:00:00.000Z' },
        {
          eventId: key(),
          key: String(user),
          occurredAt: new Date('2026-11-23T14:00:00.000Z'),
        },
      ),
    );
    for (const m of missions.slice(0, 9)) {
      await claimMission(deps, { userId: user, missionId: m.id, idempotencyKey: key() });
    }
    expect((await h.client.GetUserBadges({ userId: user })).badges).toEqual([]);
    await claimMission(deps, { userId: user, missionId: missions[9]!.id, idempotencyKey: key() });
    await claimMission(deps, { userId: user, missionId: missions[10]!.id, idempotencyKey: key() });
    const { badge, badges } = await h.client.GetUserBadges({ userId: user });
    expect(badge).toBe('Mission Specialist');
    expect(badges.map((b) => b.id)).toEqual(['missions-10']);
    const earned = (await h.events('missions.badge.earned')).filter((e) => e.userId === user);
    expect(earned.map((e) => e.badgeId)).toEqual(['missions-10']);
    expect(await h.balance(user)).toBe(110);
  });
});
