import { warmSharedPglite } from '@touchline/kit/testing';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eventually, minted, registered, startBoard, ticked, transferred, type Board } from './support';

let board: Board | undefined;
// PGlite's start-up (seconds on a busy machine) is paid here, not by the first test.
beforeAll(warmSharedPglite, 120_000);
afterEach(async () => {
  await board?.stop();
  board = undefined;
});

const top = async (b: Board, replica: number) =>
  (await b.replicas[replica]!.client.GetTop({ limit: 0 })).entries.map((e) => [
    e.userId,
    e.collectionValue,
    e.rank,
  ]);

describe('cache and replicas', () => {
  it('an emptied cache is rebuilt from Postgres, and reads stay right meanwhile', async () => {
    board = await startBoard();
    await board.send('cards.card.minted', minted(1, 4, 100, 300));
    await board.send('cards.card.minted', minted(2, 5, 101, 500));
    await board.send('identity.user.registered', registered(6));
    const expected = [
      [5, 500, 1],
      [4, 300, 2],
      [6, 0, 3],
    ];
    await eventually(async () => expect(await top(board!, 0)).toEqual(expected));
    await board.flush();
    expect(await board.cache.isBuilt()).toBe(false);
    expect(await top(board, 0)).toEqual(expected);
    expect((await board.client.GetUserStats({ userId: 4 })).stats).toMatchObject({
      rank: 2,
      collectionValue: 300,
    });
    await eventually(async () => expect(await board!.cache.isBuilt()).toBe(true));
    expect((await board.cache.top(10))!.entries.map((e) => [e.userId, e.collectionValue, e.rank])).toEqual(
      expected,
    );
  });

  it('two replicas over one database and one cache agree, whichever consumed each event', async () => {
    board = await startBoard(2);
    const events = [
      board.send('identity.user.registered', registered(1)),
      board.send('identity.user.registered', registered(2)),
      board.send('identity.user.registered', registered(3)),
    ];
    await Promise.all(events);
    // Cards of one player spread over the users, then a tick and transfers race on the two replicas.
    for (let card = 1; card <= 12; card++)
      await board.send('cards.card.minted', minted(card, (card % 3) + 1, 100, 10));
    await Promise.all([
      board.send('market.prices.ticked', ticked(1, [[100, 25]]), { replica: 0 }),
      board.send('cards.card.transferred', transferred(1, 2, 3, 100, 10, 50), { replica: 1 }),
      board.send('cards.card.transferred', transferred(2, 3, 1, 100, 10, 50), { replica: 1 }),
      board.send('cards.card.minted', minted(13, 1, 100, 10, 60), { replica: 1 }),
    ]);
    // users 1: cards 3,6,9,12,2,13 → 6; 2: 4,7,10 → 3; 3: 5,8,11,1 → 4 (at 25 each)
    const expected = [
      [1, 150, 1],
      [3, 100, 2],
      [2, 75, 3],
    ];
    expect((await board.totals()).map((t) => [t.user_id, t.collection_value, t.card_count])).toEqual([
      [1, 150, 6],
      [2, 75, 3],
      [3, 100, 4],
    ]);
    await eventually(async () => {
      expect(await top(board!, 0)).toEqual(expected);
      expect(await top(board!, 1)).toEqual(expected);
    });
  });
});
