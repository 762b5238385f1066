import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReplica, type TestReplica } from '@touchline/kit/testing';
import { matchdayService } from '../src/service';
import { rewardKey, scoreDue, sweep } from '../src/use-cases/sweeper';
import {
  AFTER_KICKOFF,
  AFTER_RESULTS,
  BEFORE_KICKOFF,
  ENV,
  startMatchday,
  type MatchdayHarness,
} from './support';

/**
 * Rewards are paid exactly once across restarts: the sweeper's state is the lineup rows, so a
 * process that granted a reward and died before recording it, replicas that start with the wallet
 * down and are stopped, and new replicas racing each other all end with one posting per lineup.
 */
let h: MatchdayHarness;
const running: TestReplica[] = [];

beforeAll(async () => {
  h = await startMatchday();
});
afterAll(async () => {
  await Promise.all(running.map((r) => r.service.shutdown()));
  await h?.stop();
});

async function replicas(count: number, wallet: string): Promise<TestReplica[]> {
  const started = await Promise.all(
    Array.from({ length: count }, (_, i) =>
      startReplica(matchdayService, h.matchday.database, i + 1, {
        env: { ...ENV, MATCHDAY_SWEEP_MS: '50', MATCHDAY_PEER_TIMEOUT_MS: '2000' },
        clock: h.clock,
        peers: { 'cards-market': h.cards.service.address, 'wallet-payments': wallet },
      }),
    ),
  );
  running.push(...started);
  return started;
}

async function stop(replicas: TestReplica[]): Promise<void> {
  await Promise.all(replicas.map((r) => r.service.shutdown()));
  running.splice(0, running.length, ...running.filter((r) => !replicas.includes(r)));
}

const pending = async (matchdayId: number) =>
  (await h.matchday.database.db('lineups').where({ matchday_id: matchdayId, reward_state: 'pending' }))
    .length;

describe('matchday rewards across restarts', () => {
  it('pays each reward once: a grant whose process died, replicas stopped with the wallet down, new ones racing', async () => {
    h.clock.set(BEFORE_KICKOFF);
    const users = [h.user(), h.user(), h.user()];
    for (const user of users) await h.field(user, await h.lineupCards(user));
    const matchdayId = (await h.open()).id;
    h.clock.set(AFTER_KICKOFF);
    await sweep(h.deps({ wallet: { Grant: () => Promise.reject(new Error('wallet down')) } }));
    h.clock.set(AFTER_RESULTS);
    expect(await scoreDue(h.deps())).toEqual([matchdayId]);
    expect(await pending(matchdayId)).toBe(3);

    // A process granted the first reward, then died before it recorded it.
    const [first] = (await h.matchday.database
      .db('lineups')
      .where({ matchday_id: matchdayId, user_id: users[0] })
      .select('reward')) as { reward: string }[];
    await h.walletClient.Grant({
      idempotencyKey: rewardKey(matchdayId, users[0]!),
      userId: users[0]!,
      amount: Number(first!.reward),
      reason: 'matchday',
      reference: rewardKey(matchdayId, users[0]!),
    });

    // Two replicas come up while the wallet is down: they sweep and pay nothing; then they stop.
    const down = await replicas(2, '127.0.0.1:1');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await pending(matchdayId)).toBe(3);
    await stop(down);

    // Three new replicas with the wallet up: every reward is paid, each once.
    await replicas(3, h.wallet.service.address);
    await expect.poll(() => pending(matchdayId), { timeout: 20_000, interval: 100 }).toBe(0);
    for (const user of users) {
      const [row] = (await h.matchday.database
        .db('lineups')
        .where({ matchday_id: matchdayId, user_id: user })
        .select('reward', 'reward_state')) as { reward: string; reward_state: string }[];
      expect(row!.reward_state).toBe('paid');
      expect(await h.balance(user)).toBe(Number(row!.reward));
      expect(await h.postings(rewardKey(matchdayId, user))).toBe(1);
    }
    const paid = (await h.events('matchday.reward.paid')).filter((e) => Number(e.matchdayId) === matchdayId);
    expect(paid.map((e) => Number(e.userId)).sort()).toEqual([...users].sort());
    expect(
      (await h.events('matchday.results.scored')).filter((e) => Number(e.matchdayId) === matchdayId),
    ).toHaveLength(1);
  });
});
