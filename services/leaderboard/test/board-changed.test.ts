import { warmSharedPglite } from '@touchline/kit/testing';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { boardMoves, MAX_BOARD_MOVES } from '../src/domain/board-moves';
import { eventually, minted, startBoard, ticked, transferred, type Board } from './support';

// Issue 43: the board tells the live stream once per change of totals, with each user's value before
// and after, so an open board and home's rank follow an overtake without a reload. Issue 41: with
// each mover's count and rank after it, so the mover's page shows them without asking again.

let board: Board | undefined;
beforeAll(warmSharedPglite, 120_000);
afterEach(async () => {
  await board?.stop();
  board = undefined;
});

describe('leaderboard.board.changed', () => {
  it('one event per change, with the values before and after, the count and rank of the users it moved', async () => {
    board = await startBoard();
    await board.send('cards.card.minted', minted(1, 7, 100, 300));
    await board.send('cards.card.minted', minted(2, 8, 101, 200));
    // 8 overtakes 7: 7's card goes to 8.
    await board.send('cards.card.transferred', transferred(1, 7, 8, 100, 300, 10));
    await eventually(async () => expect(await board!.events('leaderboard.board.changed')).toHaveLength(3));
    const events = await board.events('leaderboard.board.changed');
    expect(events[0]!.moves).toEqual([
      { userId: 7, collectionValue: 300, previousValue: 0, cardCount: 1, rank: 1 },
    ]);
    expect(events[1]!.moves).toEqual([
      { userId: 8, collectionValue: 200, previousValue: 0, cardCount: 1, rank: 2 },
    ]);
    expect(events[2]!.truncated).toBe(false);
    expect([...events[2]!.moves].sort((a, b) => a.userId - b.userId)).toEqual([
      { userId: 7, collectionValue: 0, previousValue: 300, cardCount: 0, rank: 2 },
      { userId: 8, collectionValue: 500, previousValue: 200, cardCount: 2, rank: 1 },
    ]);
  });

  it('a change of count alone is listed, for the mover’s page', async () => {
    board = await startBoard();
    await board.send('cards.card.minted', minted(1, 7, 100, 300));
    await eventually(async () => expect(await board!.events('leaderboard.board.changed')).toHaveLength(1));
    // A card of a player priced 0: the value stays, the count does not.
    await board.send('cards.card.minted', minted(2, 7, 101, 0));
    await eventually(async () => expect(await board!.events('leaderboard.board.changed')).toHaveLength(2));
    const last = (await board.events('leaderboard.board.changed'))[1]!;
    expect(last.moves).toEqual([
      { userId: 7, collectionValue: 300, previousValue: 300, cardCount: 2, rank: 1 },
    ]);
  });

  it('a tick that moves no value publishes nothing', async () => {
    board = await startBoard();
    await board.send('cards.card.minted', minted(1, 7, 100, 300));
    await eventually(async () => expect(await board!.events('leaderboard.board.changed')).toHaveLength(1));
    await board.send('market.prices.ticked', ticked(1, [[100, 300]]));
    await board.send('market.prices.ticked', ticked(2, [[100, 350]]));
    await eventually(async () => expect(await board!.events('leaderboard.board.changed')).toHaveLength(2));
    const last = (await board.events('leaderboard.board.changed'))[1]!;
    expect(last.moves).toEqual([
      { userId: 7, collectionValue: 350, previousValue: 300, cardCount: 1, rank: 1 },
    ]);
  });
});

describe('boardMoves', () => {
  it('cuts a long list, marked', () => {
    const rows = Array.from({ length: MAX_BOARD_MOVES + 1 }, (_, i) => ({
      userId: i + 1,
      collectionValue: 10,
      previousValue: 5,
    }));
    const { moves, truncated } = boardMoves(rows);
    expect(moves).toHaveLength(MAX_BOARD_MOVES);
    expect(moves[0]!.userId).toBe(1);
    expect(truncated).toBe(true);
    expect(boardMoves(rows.slice(0, 3))).toEqual({ moves: rows.slice(0, 3), truncated: false });
  });
});
