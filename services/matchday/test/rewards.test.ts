import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardPointsTenths, matchdayReward, type Rarity } from '@touchline/rules';
import { payPendingRewards, rewardKey, scoreDue, sweep } from '../src/use-cases/sweeper';
import { AFTER_KICKOFF, AFTER_RESULTS, BEFORE_KICKOFF, startMatchday, type MatchdayHarness } from './support';

let h: MatchdayHarness;

beforeAll(async () => {
  h = await startMatchday();
});

afterAll(async () => {
  await h?.stop();
});

describe('results, standings and rewards', () => {
  it('scores every lineup from the results, ranks them and pays each reward exactly once', async () => {
    h.clock.set(BEFORE_KICKOFF);
    const users = [h.user(), h.user(), h.user()];
    const rarities: Rarity[] = ['Common', 'Rare', 'Epic'];
    const fielded = new Map<number, number[]>();
    for (const [i, user] of users.entries()) {
      const ids = await h.lineupCards(user, rarities[i]);
      fielded.set(user, ids);
      await h.field(user, ids, ids[4]);
    }
    const { matchday } = await h.client.GetMatchday({ userId: users[0]!, matchdayId: 0 });
    h.clock.set(AFTER_KICKOFF);
    await sweep(h.deps());
    // Not before the results are due.
    expect(await scoreDue(h.deps())).toEqual([]);

    h.clock.set(AFTER_RESULTS);
    // Replicas and repeated sweeps: scored once, each reward paid once.
    await Promise.all([sweep(h.deps()), sweep(h.deps()), scoreDue(h.deps())]);
    await sweep(h.deps());

    const results = new Map(
      (
        (await h.matchday.database.db('player_results').where({ matchday_id: matchday!.id })) as {
          player_id: string;
          points: number;
        }[]
      ).map((r) => [Number(r.player_id), r.points]),
    );
    expect(results.size).toBeGreaterThan(800);
    const standings = await h.client.GetStandings({
      matchdayId: matchday!.id,
      pageToken: '',
      pageSize: 2,
      userId: users[1]!,
    });
    expect(standings.matchday).toMatchObject({ state: 'scored', entries: 3 });
    expect(standings.total).toBe(3);
    expect(standings.entries).toHaveLength(2);
    const rest = await h.client.GetStandings({
      matchdayId: matchday!.id,
      pageToken: standings.nextPageToken,
      pageSize: 2,
      userId: 0,
    });
    const all = [...standings.entries, ...rest.entries];
    expect(all.map((e) => e.rank)).toEqual([1, 2, 3]);
    expect(rest.nextPageToken).toBe('');
    expect(standings.mine!.userId).toBe(users[1]);

    for (const [i, user] of users.entries()) {
      const { lineup } = await h.client.GetMatchday({ userId: user, matchdayId: matchday!.id });
      const expected = lineup!.cards.reduce(
        (sum, c) => sum + cardPointsTenths(results.get(c.playerId) ?? 0, rarities[i]!, c.captain),
        0,
      );
      expect(lineup!.points).toBe(expected);
      expect(lineup!.cards.every((c) => c.scored && c.result !== null)).toBe(true);
      expect(lineup!.rewardStatus).toBe('paid');
      expect(lineup!.reward).toBe(matchdayReward(lineup!.rank, 3));
      expect(await h.balance(user)).toBe(lineup!.reward);
      expect(await h.postings(rewardKey(matchday!.id, user))).toBe(1);
      const entry = all.find((e) => e.userId === user)!;
      expect(entry).toMatchObject({ rank: lineup!.rank, points: lineup!.points });
    }
    expect(
      (await h.events('matchday.results.scored')).filter((e) => e.matchdayId === matchday!.id),
    ).toHaveLength(1);
    expect(
      (await h.events('matchday.lineup.ranked')).filter((e) => e.matchdayId === matchday!.id),
    ).toHaveLength(3);
    expect(
      (await h.events('matchday.reward.paid')).filter((e) => e.matchdayId === matchday!.id),
    ).toHaveLength(3);
    const ledger = await h.wallet.database.db('transactions').where({ reason: 'matchday' });
    expect(ledger).toHaveLength(3);

    // A driver that paid but crashed before recording it: the next sweep pays nothing more.
    await h.matchday.database
      .db('lineups')
      .where({ matchday_id: matchday!.id, user_id: users[0] })
      .update({ reward_state: 'pending' });
    const before = await h.balance(users[0]!);
    await Promise.all([payPendingRewards(h.deps()), payPendingRewards(h.deps())]);
    expect(await h.balance(users[0]!)).toBe(before);
    expect(await h.postings(rewardKey(matchday!.id, users[0]!))).toBe(1);

    // After kickoff the open matchday is the next one; the one that kicked off comes as `previous`.
    const now = await h.client.GetMatchday({ userId: users[0]!, matchdayId: 0 });
    expect(now.matchday!.id).not.toBe(matchday!.id);
    expect(now.lineup).toBeNull();
    expect(now.previous).toMatchObject({ id: matchday!.id, state: 'scored' });
    expect(now.previousLineup).toMatchObject({ userId: users[0], rewardStatus: 'paid' });

    // The history shows the lineup with its points, rank and reward.
    const history = await h.client.ListLineupHistory({ userId: users[2]!, pageToken: '', pageSize: 10 });
    expect(history.total).toBe(1);
    expect(history.entries[0]!.matchday!.id).toBe(matchday!.id);
    expect(history.entries[0]!.lineup!.rewardStatus).toBe('paid');
  });

  it('gives the same results to a matchday scored again from the same secret', async () => {
    const first = (await h.matchday.database.db('matchdays').where({ state: 'scored' }).first()) as {
      id: number;
      round: number;
    };
    const feed = await h.deps().feed();
    const again = await feed.results({ id: first.id, round: first.round });
    const stored = (await h.matchday.database
      .db('player_results')
      .where({ matchday_id: first.id })
      .orderBy('player_id')
      .select('player_id', 'points', 'minutes', 'goals')) as {
      player_id: string;
      points: number;
      minutes: number;
      goals: number;
    }[];
    const replayed = [...again!.players]
      .sort((a, b) => a.playerId - b.playerId)
      .map((p) => ({ player_id: p.playerId, points: p.points, minutes: p.minutes, goals: p.goals }));
    expect(stored.map((r) => ({ ...r, player_id: Number(r.player_id) }))).toEqual(replayed);
  });
});
