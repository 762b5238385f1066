import { status } from '@grpc/grpc-js';
import { warmSharedPglite } from '@touchline/kit/testing';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { at, eventually, minted, registered, startBoard, ticked, transferred, type Board } from './support';

let board: Board | undefined;
// PGlite's start-up (seconds on a busy machine) is paid here, not by the first test.
beforeAll(warmSharedPglite, 120_000);
afterEach(async () => {
  await board?.stop();
  board = undefined;
});

const ranking = async (b: Board) =>
  (await b.client.GetTop({ limit: 0 })).entries.map((e) => [
    e.userId,
    e.collectionValue,
    e.cardCount,
    e.rank,
  ]);

describe('leaderboard projection', () => {
  it('registered users appear with 0; value is the sum of current prices; the market is not ranked', async () => {
    board = await startBoard();
    await board.send('identity.user.registered', registered(1));
    await board.send('identity.user.registered', registered(2));
    await board.send('cards.card.minted', minted(10, 2, 100, 400));
    await board.send('cards.card.minted', minted(11, 2, 101, 250));
    await board.send('cards.card.minted', minted(12, 0, 102, 999));
    await eventually(async () =>
      expect(await ranking(board!)).toEqual([
        [2, 650, 2, 1],
        [1, 0, 0, 2],
      ]),
    );
    const top = await board.client.GetTop({ limit: 0 });
    expect(top.total).toBe(2);
    expect(top.asOf).toBe(at(0));
    expect((await board.client.GetUserStats({ userId: 1 })).stats).toEqual({
      userId: 1,
      rank: 2,
      collectionValue: 0,
      cardCount: 0,
    });
    // A user the board never saw, and the market: zeros, not ranked.
    expect((await board.client.GetUsersStats({ userIds: [404, 0, 2] })).stats).toEqual([
      { userId: 404, rank: 0, collectionValue: 0, cardCount: 0 },
      { userId: 0, rank: 0, collectionValue: 0, cardCount: 0 },
      { userId: 2, rank: 1, collectionValue: 650, cardCount: 2 },
    ]);
  });

  it('a price tick updates every holder and moves ranks', async () => {
    board = await startBoard();
    await board.send('cards.card.minted', minted(1, 7, 100, 100));
    await board.send('cards.card.minted', minted(2, 7, 100, 100));
    await board.send('cards.card.minted', minted(3, 8, 200, 150));
    await board.send('cards.card.minted', minted(4, 9, 100, 100));
    await eventually(async () =>
      expect(await ranking(board!)).toEqual([
        [7, 200, 2, 1],
        [8, 150, 1, 2],
        [9, 100, 1, 3],
      ]),
    );
    await board.send('market.prices.ticked', ticked(1, [[100, 40]]));
    await eventually(async () =>
      expect(await ranking(board!)).toEqual([
        [8, 150, 1, 1],
        [7, 80, 2, 2],
        [9, 40, 1, 3],
      ]),
    );
    const changes = await board.events('leaderboard.stats.changed');
    expect(
      changes.filter((c) => c.userId === 7).map((c) => [c.collectionValue, c.cardCount, c.version]),
    ).toEqual([
      [100, 1, 1],
      [200, 2, 2],
      [80, 2, 3],
    ]);
  });

  it('ties go to the earlier sign-up', async () => {
    board = await startBoard();
    await board.send('cards.card.minted', minted(1, 30, 100, 500));
    await board.send('cards.card.minted', minted(2, 12, 101, 500));
    await board.send('cards.card.minted', minted(3, 21, 102, 500));
    await eventually(async () => expect((await ranking(board!)).map((r) => r[0])).toEqual([12, 21, 30]));
  });

  it('a transfer moves value between players; to the market it leaves the board', async () => {
    board = await startBoard();
    await board.send('cards.card.minted', minted(1, 5, 100, 300));
    await board.send('cards.card.transferred', transferred(1, 5, 6, 100, 300, 10));
    await board.send('cards.card.transferred', transferred(1, 6, 0, 100, 300, 20));
    await eventually(async () =>
      expect(await ranking(board!)).toEqual([
        [5, 0, 0, 1],
        [6, 0, 0, 2],
      ]),
    );
    // A card bought from the market's seeded supply (never minted through an event) counts too.
    await board.send('cards.card.transferred', transferred(77, 0, 6, 300, 120, 30));
    await eventually(async () => expect((await ranking(board!))[0]).toEqual([6, 120, 1, 1]));
    // The earlier owner of a card never seen before joins the board at once, with 0 and no stats event.
    await board.send('cards.card.transferred', transferred(88, 40, 6, 300, 120, 40));
    await eventually(async () =>
      expect(await ranking(board!)).toEqual([
        [6, 240, 2, 1],
        [5, 0, 0, 2],
        [40, 0, 0, 3],
      ]),
    );
    expect((await board.events('leaderboard.stats.changed')).filter((e) => e.userId === 40)).toEqual([]);
  });

  it("a card burned for a squad challenge leaves its owner's value and count", async () => {
    board = await startBoard();
    await board.send('cards.card.minted', minted(1, 5, 100, 300));
    await board.send('cards.card.minted', minted(2, 5, 101, 200));
    await eventually(async () => expect((await ranking(board!))[0]).toEqual([5, 500, 2, 1]));
    await board.send('cards.card.burned', {
      cardId: 1,
      playerId: 100,
      userId: 5,
      challengeId: 3,
      submissionId: 9,
      currentPrice: 300,
      burnedAt: at(10),
    });
    await eventually(async () => expect(await ranking(board!)).toEqual([[5, 200, 1, 1]]));
  });

  it('banned users are hidden while banned; a late, older ban does not undo a newer unban', async () => {
    board = await startBoard();
    await board.send('cards.card.minted', minted(1, 5, 100, 300));
    await board.send('cards.card.minted', minted(2, 6, 101, 100));
    const ban = { userId: 5, banned: true, actorUserId: 1, changedAt: at(10) };
    await board.send('identity.user.banned', ban);
    await eventually(async () => expect((await ranking(board!)).map((r) => r[0])).toEqual([6]));
    expect((await board.client.GetUserStats({ userId: 5 })).stats).toMatchObject({
      rank: 0,
      collectionValue: 300,
    });
    await board.send('identity.user.banned', { ...ban, banned: false, changedAt: at(20) });
    await board.send('identity.user.banned', { ...ban, changedAt: at(15) });
    await eventually(async () => expect((await ranking(board!)).map((r) => r[0])).toEqual([5, 6]));
  });

  it('refuses a limit out of range with INVALID_ARGUMENT', async () => {
    board = await startBoard();
    await expect(board.client.GetTop({ limit: 5000 })).rejects.toMatchObject({
      code: status.INVALID_ARGUMENT,
      details: 'limit must be between 0 and 1000',
    });
    await expect(
      board.client.GetUsersStats({ userIds: Array.from({ length: 1001 }, (_, i) => i) }),
    ).rejects.toMatchObject({ code: status.INVALID_ARGUMENT });
  });
});
