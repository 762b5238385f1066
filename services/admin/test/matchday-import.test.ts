import { status } from '@grpc/grpc-js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { key, startAdmin, type AdminHarness } from './support';

// Issue 44: an admin imports a matchday's results file for the import feed; matchday checks the
// file, the admin service the caller, and the audit log keeps who uploaded what and what came of it.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 300_000 });

let h: AdminHarness;
let admin: number;
let matchdayId: number;

beforeAll(async () => {
  h = await startAdmin();
  admin = await h.adminUser();
  // A matchday that kicked off an hour ago and waits for its results.
  const now = Date.now();
  const [row] = (await h.matchday.database
    .db('matchdays')
    .insert({
      round: -1,
      opens_at: new Date(now - 2 * 3600_000),
      locks_at: new Date(now - 3600_000),
      results_at: new Date(now + 3600_000),
      state: 'locked',
    })
    .returning('id')) as { id: number }[];
  matchdayId = Number(row!.id);
});
afterAll(() => h?.stop());

const importFile = (content: string, idempotencyKey = key(), userId = admin) =>
  h.client.ImportMatchResults({ userId, matchdayId, format: 'csv', content, idempotencyKey });

describe('importing a matchday results file', () => {
  it('refuses a file with errors, naming the lines, and audits the refusal', async () => {
    const [player] = (await h.peers.cards.GetPlayers({ playerIds: [1] })).players;
    const error = (await importFile(
      `player_id,minutes\n${player!.id},90\n424242,90\n${player!.id},-1\n`,
    ).then(
      () => undefined,
      (e: unknown) => e,
    )) as { code: number; details: string; metadata: { get(key: string): unknown[] } };
    expect(error.code).toBe(status.FAILED_PRECONDITION);
    expect(error.details).toMatch(/^The file was not imported: 2 lines have errors \(line 3: player 424242/);
    const details = JSON.parse(String(error.metadata.get('x-error-details')[0])) as Record<string, unknown>;
    expect(details['lineErrors']).toEqual([
      { line: 3, message: 'player 424242 is not in the catalog' },
      { line: 4, message: 'minutes must be a whole number from 0 to 130' },
    ]);
    const [entry] = (
      await h.client.ListAuditLog({ userId: admin, actorUserId: admin, action: 'matchday.results_import' })
    ).entries;
    expect(entry).toMatchObject({ targetType: 'matchday', targetId: String(matchdayId), outcome: 'failed' });
    expect(entry!.error).toBe(error.details);
    expect(await h.matchday.database.db('result_imports')).toHaveLength(0);
  });

  it('imports a good file, replaces it with the next, and audits each', async () => {
    const [a, b] = (await h.peers.cards.GetPlayers({ playerIds: [1, 2] })).players;
    const first = await importFile(`player_id,minutes,goals\n${a!.id},90,1\n`);
    expect(first).toMatchObject({
      replaced: false,
      resultsImport: { revision: 1, players: 1, importedBy: admin },
    });
    const idempotencyKey = key();
    const second = await importFile(`player_id,minutes\n${a!.id},90\n${b!.id},30\n`, idempotencyKey);
    expect(second).toMatchObject({ replaced: true, resultsImport: { revision: 2, players: 2 } });
    // The retry answers the same, with one audit entry for the key.
    expect(await importFile(`player_id,minutes\n${a!.id},90\n${b!.id},30\n`, idempotencyKey)).toEqual(second);
    const entries = (
      await h.client.ListAuditLog({ userId: admin, actorUserId: admin, action: 'matchday.results_import' })
    ).entries.filter((e) => e.outcome === 'ok');
    expect(entries).toHaveLength(2);
    expect(JSON.parse(entries[0]!.afterJson)).toEqual({
      state: 'locked',
      revision: 2,
      players: 2,
      replaced: true,
    });
    const listed = await h.client.ListMatchdays({ userId: admin });
    expect(listed.matchdays.find((m) => Number(m.matchday!.id) === matchdayId)?.resultsImport).toMatchObject({
      revision: 2,
    });
  });
});
