import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromGrpcError, type DomainError } from '@touchline/kit';
import { eventually } from '@touchline/kit/testing';
import { cardPointsTenths, matchPoints } from '@touchline/rules';
import { importFeed } from '../src/feed/import';
import { NOT_IMPORT_FEED } from '../src/use-cases/import-results';
import { scoreDue, sweep } from '../src/use-cases/sweeper';
import {
  AFTER_KICKOFF,
  AFTER_RESULTS,
  BEFORE_KICKOFF,
  failure,
  startMatchday,
  type MatchdayHarness,
} from './support';

/**
 * The import feed end to end on the real services: an admin's file (as the admin service passes it)
 * checked line by line, stored only whole, replaced before scoring, refused after, and scored.
 */
let h: MatchdayHarness;

beforeAll(async () => {
  h = await startMatchday({ env: { MATCH_FEED: 'import' } });
});

afterAll(async () => {
  await h?.stop();
});

const importFile = (matchdayId: number, format: 'csv' | 'json', content: string, key = randomUUID()) =>
  h.client.ImportResults({ matchdayId, format, content, actorUserId: 1, idempotencyKey: key });

/** The call's refusal as the DomainError the service threw (code, message, details). */
const refusal = async (call: Promise<unknown>): Promise<DomainError> =>
  fromGrpcError((await failure(call)) as unknown as Parameters<typeof fromGrpcError>[0]);

async function playerOf(cardId: number) {
  const card = (await h.cardsClient.GetCardsByIds({ cardIds: [cardId] })).cards[0]!;
  return { id: Number(card.player!.id), position: card.player!.position };
}

describe('the import match feed', () => {
  it('checks every line, stores a file only whole, replaces it before scoring and scores from it', async () => {
    h.clock.set(BEFORE_KICKOFF);
    const user = h.user();
    const ids = await h.lineupCards(user);
    await h.field(user, ids, ids[3]);
    const matchdayId = (await h.open()).id;
    const [keeper, , , forward] = await Promise.all(ids.map(playerOf));

    // Before kickoff there are no results to import.
    const early = await refusal(importFile(matchdayId, 'csv', `player_id,minutes\n${keeper!.id},90\n`));
    expect(early).toMatchObject({ code: 'conflict' });
    expect(early.message).toMatch(/can be imported after kickoff/);

    h.clock.set(AFTER_KICKOFF);
    await sweep(h.deps());

    // Every bad line is named; nothing is stored.
    const bad = [
      'player_id,minutes,goals,assists,clean_sheet,goals_conceded',
      `${keeper!.id},90,0,0,true,0`,
      `${forward!.id},90,eleven,0,false,1`,
      '999999,90,0,0,false,0',
      `${keeper!.id},45,0,0,false,0`,
      '1,2,3',
      `${forward!.id},90,0,0,true,2`,
    ].join('\n');
    const refused = await refusal(importFile(matchdayId, 'csv', bad));
    expect(refused.code).toBe('business_rule');
    expect(refused.message).toMatch(
      /^The file was not imported: 5 lines have errors \(line 3: goals must be/,
    );
    expect(refused.details?.['lineErrors']).toEqual([
      { line: 3, message: 'goals must be a whole number from 0 to 10' },
      { line: 4, message: 'player 999999 is not in the catalog' },
      { line: 5, message: `player ${keeper!.id} is already on line 2` },
      { line: 6, message: '3 values for 6 columns' },
      { line: 7, message: 'clean_sheet is true but goals_conceded is 2' },
    ]);
    expect(await h.matchday.database.db('result_imports')).toHaveLength(0);
    expect(await h.matchday.database.db('imported_results')).toHaveLength(0);

    // A good CSV file, then a JSON one that replaces it before scoring.
    const csv = `player_id,minutes,goals,clean_sheet\n${keeper!.id},90,0,true\n${forward!.id},70,1,false\n`;
    const first = await importFile(matchdayId, 'csv', csv);
    expect(first).toMatchObject({
      replaced: false,
      resultsImport: { revision: 1, format: 'csv', players: 2 },
    });
    const key = randomUUID();
    const json = JSON.stringify(
      [
        { playerId: forward!.id, minutes: 90, goals: 2, assists: 1 },
        { playerId: keeper!.id, minutes: 90, saves: 7, goalsConceded: 1 },
      ],
      null,
      2,
    );
    const second = await importFile(matchdayId, 'json', json, key);
    expect(second).toMatchObject({
      replaced: true,
      resultsImport: { revision: 2, format: 'json', players: 2 },
    });
    // The key's retry answers the same and changes nothing.
    expect(await importFile(matchdayId, 'json', json, key)).toEqual(second);
    const rows = (await h.matchday.database
      .db('imported_results')
      .where({ matchday_id: matchdayId })
      .orderBy('line')) as { player_id: string; goals: number; line: number }[];
    expect(rows.map((r) => [Number(r.player_id), r.goals, r.line])).toEqual([
      [forward!.id, 2, 2],
      // Each object is named by the line of its "{" (the file is pretty-printed).
      [keeper!.id, 0, 8],
    ]);
    const listed = await h.client.ListMatchdays({ limit: 5 });
    expect(listed.feed).toBe('import');
    expect(listed.matchdays.find((m) => Number(m.matchday!.id) === matchdayId)?.resultsImport).toMatchObject({
      revision: 2,
      players: 2,
    });

    // Scored from the second file: the forward's two goals and assist, the captain's x1.5.
    h.clock.set(AFTER_RESULTS);
    expect(await scoreDue(h.deps())).toEqual([matchdayId]);
    const { lineup } = await h.client.GetMatchday({ userId: user, matchdayId });
    const stats = {
      minutes: 90,
      goals: 2,
      assists: 1,
      saves: 0,
      cleanSheet: false,
      goalsConceded: 0,
      yellowCards: 0,
      redCards: 0,
    };
    const keeperStats = { ...stats, goals: 0, assists: 0, saves: 7, goalsConceded: 1 };
    expect(lineup!.points).toBe(
      cardPointsTenths(matchPoints('Forward', stats), 'Common', true) +
        cardPointsTenths(matchPoints('Goalkeeper', keeperStats), 'Common', false),
    );
    // The scored event carries each player's points for the market (cards-market's demand).
    const event = (await h.events('matchday.results.scored')).find(
      (e) => Number(e.matchdayId) === matchdayId,
    );
    expect(event!.players.map((p) => [Number(p.playerId), p.points]).sort((a, b) => a[0]! - b[0]!)).toEqual(
      [
        [forward!.id, matchPoints('Forward', stats)],
        [keeper!.id, matchPoints('Goalkeeper', keeperStats)],
      ].sort((a, b) => a[0]! - b[0]!),
    );

    // After scoring, a new file is refused; the key that made an upload still answers it.
    const late = await refusal(importFile(matchdayId, 'csv', csv));
    expect(late).toMatchObject({ code: 'conflict' });
    expect(late.message).toBe(
      `Matchday ${matchdayId} is already scored: its results can no longer be replaced`,
    );
    expect(await importFile(matchdayId, 'json', json, key)).toMatchObject({ resultsImport: { revision: 2 } });
  });

  it('leaves a matchday locked until its file comes, and never scores a file replaced meanwhile', async () => {
    h.clock.set(AFTER_RESULTS);
    await sweep(h.deps());
    const open = await h.open();
    // Move on to that matchday's kickoff and results time.
    const kickoff = new Date(open.locksAt);
    const resultsTime = new Date(kickoff.getTime() + 11 * 60_000);
    h.clock.set(resultsTime.toISOString());
    await sweep(h.deps());
    const waiting = (await h.client.GetMatchday({ userId: 0, matchdayId: open.id })).matchday!;
    expect(waiting.state).toBe('locked');

    // An upload after results time wakes the service's own sweeper: these come in before (a minute
    // after kickoff), so that scoring below is this test's to run.
    h.clock.set(new Date(kickoff.getTime() + 60_000).toISOString());
    const user = h.user();
    const [keeper] = await h.giveCards(user, ['Goalkeeper']);
    const player = await playerOf(keeper!);
    await importFile(open.id, 'csv', `player_id,minutes\n${player.id},90\n`);
    // A sweep read revision 1; a re-upload lands before its scoring transaction: it must not score.
    const stale = await importFeed(h.matchday.database.db).results({ id: open.id, round: 0 });
    await importFile(open.id, 'csv', `player_id,minutes,goals\n${player.id},90,1\n`);
    h.clock.set(resultsTime.toISOString());
    const staleFeed = { kind: 'import' as const, results: () => Promise.resolve(stale) };
    expect(await scoreDue(h.deps({ feed: () => Promise.resolve(staleFeed) }))).toEqual([]);
    expect(await scoreDue(h.deps())).toEqual([open.id]);
    const saved = (await h.matchday.database
      .db('player_results')
      .where({ matchday_id: open.id, player_id: player.id })
      .first('goals')) as { goals: number };
    expect(saved.goals).toBe(1);
  });

  it('scores a matchday waiting for its file as soon as the file comes, with no sweep asked for', async () => {
    // The matchday open now, after the one the test above scored.
    await sweep(h.deps());
    const open = await h.open();
    h.clock.set(new Date(new Date(open.locksAt).getTime() + 11 * 60_000).toISOString());
    await sweep(h.deps());
    const [keeper] = await h.giveCards(h.user(), ['Goalkeeper']);
    const player = await playerOf(keeper!);
    await importFile(open.id, 'csv', `player_id,minutes\n${player.id},90\n`);
    // The service's sweeper waits MATCHDAY_SWEEP_MS (an hour here) between runs: only the upload's wake scores it.
    await eventually(async () => {
      const { matchday } = await h.client.GetMatchday({ userId: 0, matchdayId: open.id });
      expect(matchday!.state).toBe('scored');
    });
  });
});

describe('the simulated match feed', () => {
  let simulated: MatchdayHarness;
  beforeAll(async () => {
    simulated = await startMatchday();
  });
  afterAll(async () => {
    await simulated?.stop();
  });

  it('refuses an imported file, and says why', async () => {
    simulated.clock.set(AFTER_KICKOFF);
    await sweep(simulated.deps());
    const { matchdays, feed } = await simulated.client.ListMatchdays({ limit: 0 });
    expect(feed).toBe('simulated');
    const refused = await refusal(
      simulated.client.ImportResults({
        matchdayId: matchdays[0]!.matchday!.id,
        format: 'csv',
        content: 'player_id,minutes\n1,90\n',
        actorUserId: 1,
        idempotencyKey: randomUUID(),
      }),
    );
    expect(refused).toMatchObject({ code: 'conflict', message: NOT_IMPORT_FEED });
  });
});
