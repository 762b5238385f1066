import { randomUUID } from 'node:crypto';
import type { EventInput, Topic } from '@touchline/protos';
import { warmSharedPglite } from '@touchline/kit/testing';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { at, eventually, minted, registered, startBoard, ticked, transferred, type Board } from './support';

const boards: Board[] = [];
// PGlite's start-up (seconds on a busy machine) is paid here, not by the first test.
beforeAll(warmSharedPglite, 120_000);
afterEach(async () => {
  await Promise.all(boards.splice(0).map((b) => b.stop()));
});

interface Delivery {
  topic: Topic;
  payload: EventInput<Topic>;
  eventId: string;
}
const event = <T extends Topic>(topic: T, payload: EventInput<T>): Delivery => ({
  topic,
  payload: payload as EventInput<Topic>,
  eventId: randomUUID(),
});

// In publication order: cards change hands, prices tick, a user is banned.
const history: Delivery[] = [
  event('identity.user.registered', registered(1)),
  event('identity.user.registered', registered(2)),
  event('identity.user.registered', registered(3)),
  event('cards.card.minted', minted(1, 1, 100, 100, 1)),
  event('cards.card.minted', minted(2, 2, 200, 200, 2)),
  event('cards.card.transferred', transferred(1, 1, 2, 100, 100, 10)),
  event('market.prices.ticked', ticked(1, [[100, 150]])),
  event('cards.card.transferred', transferred(1, 2, 3, 100, 150, 400)),
  event('market.prices.ticked', ticked(2, [[200, 260]])),
  event('cards.card.transferred', transferred(99, 0, 1, 300, 50, 650)),
  event('cards.card.minted', minted(3, 3, 200, 260, 700)),
  event(
    'market.prices.ticked',
    ticked(3, [
      [300, 70],
      [100, 120],
    ]),
  ),
  event('identity.user.banned', { userId: 2, banned: true, actorUserId: 9, changedAt: at(1000) }),
];

// u1: card 99 (player 300 at 70); u2 (banned): card 2 (player 200 at 260); u3: cards 1 and 3 (120 + 260).
const expected = [
  { user_id: 1, collection_value: 70, card_count: 1, banned: false },
  { user_id: 2, collection_value: 260, card_count: 1, banned: true },
  { user_id: 3, collection_value: 380, card_count: 2, banned: false },
];

async function replay(board: Board, deliveries: Delivery[]) {
  for (const d of deliveries) await board.send(d.topic, d.payload, { eventId: d.eventId });
}

describe('order and redelivery', () => {
  it('in order, reversed with every event delivered twice, or interleaved: the same board', async () => {
    const inOrder = await startBoard();
    const reversed = await startBoard();
    const interleaved = await startBoard();
    boards.push(inOrder, reversed, interleaved);
    await replay(inOrder, history);
    await replay(
      reversed,
      [...history].reverse().flatMap((d) => [d, d]),
    );
    // Every other event first, then the rest: transfers before mints, tick 3 before tick 2.
    await replay(interleaved, [
      ...history.filter((_, i) => i % 2 === 1).reverse(),
      ...history.filter((_, i) => i % 2 === 0),
    ]);
    for (const board of [inOrder, reversed, interleaved]) {
      expect(await board.totals()).toEqual(expected);
      await eventually(async () =>
        expect(
          (await board.client.GetTop({ limit: 0 })).entries.map((e) => [e.userId, e.collectionValue, e.rank]),
        ).toEqual([
          [3, 380, 1],
          [1, 70, 2],
        ]),
      );
    }
  });

  it('handed over in fetched batches (card events folded together): the same board, stats ending at its totals', async () => {
    const whole = await startBoard();
    const reversedInPairs = await startBoard();
    boards.push(whole, reversedInPairs);
    await whole.sendTogether(history);
    const reversed = [...history].reverse();
    for (let i = 0; i < reversed.length; i += 2) await reversedInPairs.sendTogether(reversed.slice(i, i + 2));
    for (const board of [whole, reversedInPairs]) {
      const totals = await board.totals();
      expect(totals).toEqual(expected);
      // The last stats event of each user says what the board holds.
      const last = new Map<number, { collectionValue: number; cardCount: number }>();
      for (const e of await board.events('leaderboard.stats.changed')) last.set(e.userId, e);
      for (const row of totals)
        expect(last.get(row.user_id)).toMatchObject({
          collectionValue: row.collection_value,
          cardCount: row.card_count,
        });
    }
    // The whole history in one batch folds each topic's card events at once: fewer stats events
    // than the same history one event at a time.
    const oneByOne = await startBoard();
    boards.push(oneByOne);
    await replay(oneByOne, history);
    expect((await whole.events('leaderboard.stats.changed')).length).toBeLessThan(
      (await oneByOne.events('leaderboard.stats.changed')).length,
    );
  });

  it('a redelivered event changes nothing and publishes nothing more', async () => {
    const board = await startBoard();
    boards.push(board);
    await replay(board, history);
    const before = { totals: await board.totals(), events: await board.events('leaderboard.stats.changed') };
    await replay(board, history);
    expect(await board.totals()).toEqual(before.totals);
    expect(await board.events('leaderboard.stats.changed')).toEqual(before.events);
  });

  it('the same facts published again under new ids change nothing either', async () => {
    const board = await startBoard();
    boards.push(board);
    await replay(board, history);
    const versions = await board.database.db('users').orderBy('user_id').pluck('version');
    await replay(
      board,
      history.filter((d) => d.topic !== 'identity.user.banned').map((d) => ({ ...d, eventId: randomUUID() })),
    );
    expect(await board.totals()).toEqual(expected);
    expect(await board.database.db('users').orderBy('user_id').pluck('version')).toEqual(versions);
  });

  it('stats events carry a version that grows per user', async () => {
    const board = await startBoard();
    boards.push(board);
    await replay(board, [...history].reverse());
    const byUser = new Map<number, number[]>();
    for (const e of await board.events('leaderboard.stats.changed'))
      byUser.set(e.userId, [...(byUser.get(e.userId) ?? []), e.version]);
    for (const versions of byUser.values()) expect(versions).toEqual([...versions].sort((a, b) => a - b));
    expect([...byUser.keys()].sort()).toEqual([1, 2, 3]);
  });
});
