/**
 * Two leaderboard replicas over one database and one cache, each handed every event of one history
 * (as after a rebalance, when a partition's uncommitted events go to the other member while the
 * first may still be handling them): in different orders, one of them in fetched batches, at the
 * same time. The projection, the cache and both replicas' answers must equal the history's truth.
 * Real Postgres and Redis when TEST_DATABASE_URL and TEST_REDIS_URL are set.
 */
import { randomUUID } from 'node:crypto';
import { seededRandom } from '@touchline/kit';
import type { EventInput, Topic } from '@touchline/protos';
import { warmSharedPglite } from '@touchline/kit/testing';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eventually, minted, registered, startBoard, ticked, transferred, type Board } from './support';

let board: Board | undefined;
beforeAll(warmSharedPglite, 120_000);
afterEach(async () => {
  await board?.stop();
  board = undefined;
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

function shuffled<T>(items: T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

const USERS = [1, 2, 3, 4, 5, 6];
const PLAYERS = [100, 101, 102, 103, 104];

/**
 * Users sign up, 30 cards are minted, 60 change hands, and two ticks reprice some players. A card
 * event in the minute after a tick carries the price before it, as a cards-market replica that has
 * not heard the tick yet stamps it. Returns the events and what the board must end with.
 */
function history(random: () => number) {
  const events: Delivery[] = USERS.map((u) => event('identity.user.registered', registered(u)));
  const price = new Map(PLAYERS.map((p, i) => [p, 100 + 10 * i]));
  const before = new Map(price);
  const ticks = [
    {
      tick: 1,
      second: 300,
      moves: [
        [100, 130],
        [101, 90],
        [102, 150],
      ] as [number, number][],
    },
    {
      tick: 2,
      second: 590,
      moves: [
        [101, 95],
        [103, 70],
      ] as [number, number][],
    },
  ];
  let nextTick = 0;
  let staleUntil = -1;
  /** The price a card event at `second` carries (the old one just after a tick). */
  const priceAt = (playerId: number, second: number) => {
    while (nextTick < ticks.length && ticks[nextTick]!.second <= second) {
      const t = ticks[nextTick++]!;
      for (const [p] of t.moves) before.set(p, price.get(p)!);
      for (const [p, value] of t.moves) price.set(p, value);
      events.push(event('market.prices.ticked', ticked(t.tick, t.moves, t.second)));
      staleUntil = t.second + 60;
    }
    return second < staleUntil ? before.get(playerId)! : price.get(playerId)!;
  };
  const cards = new Map<number, { playerId: number; owner: number }>();
  for (let card = 1; card <= 30; card++) {
    const playerId = PLAYERS[card % PLAYERS.length]!;
    const owner = USERS[Math.floor(random() * USERS.length)]!;
    const second = 10 + card;
    cards.set(card, { playerId, owner });
    events.push(event('cards.card.minted', minted(card, owner, playerId, priceAt(playerId, second), second)));
  }
  // 60 random moves, then one card of each player of the last tick moves just after it, stamped
  // later than the tick yet with the price before it: the last word on that player's price but a tick's.
  const moves = [
    ...Array.from({ length: 60 }, () => 1 + Math.floor(random() * cards.size)),
    ...ticks.at(-1)!.moves.map(([playerId]) => [...cards].find(([, c]) => c.playerId === playerId)![0]),
  ];
  for (const [i, cardId] of moves.entries()) {
    const second = 60 + i * 9;
    const card = cards.get(cardId)!;
    const others = USERS.filter((u) => u !== card.owner);
    const to = others[Math.floor(random() * others.length)]!;
    const paid = priceAt(card.playerId, second);
    events.push(
      event('cards.card.transferred', transferred(cardId, card.owner, to, card.playerId, paid, second)),
    );
    card.owner = to;
  }
  priceAt(PLAYERS[0]!, 10_000); // every tick is in the history
  const totals = USERS.map((userId) => {
    const owned = [...cards.values()].filter((c) => c.owner === userId);
    return {
      user_id: userId,
      collection_value: owned.reduce((sum, c) => sum + price.get(c.playerId)!, 0),
      card_count: owned.length,
    };
  });
  return { events, totals, owners: new Map([...cards].map(([id, c]) => [id, c.owner])) };
}

describe('two replicas handed the same events', () => {
  it('end exact, whichever replica handled each event first, one by one or in batches', async () => {
    board = await startBoard(2);
    // Seeded: the history and the orders are the same on every run.
    const random = seededRandom(28).next;
    const { events, totals, owners } = history(random);
    const b = board;

    const oneByOne = async () => {
      for (const d of events) await b.send(d.topic, d.payload, { eventId: d.eventId, replica: 0 });
    };
    // Batches as Kafka fetches them; a batch that fails comes again one event at a time, as the bus does.
    const inBatches = async () => {
      const order = shuffled(events, random).reverse();
      for (let i = 0; i < order.length; i += 5) {
        const batch = order.slice(i, i + 5);
        try {
          await b.sendTogether(batch, 1);
        } catch {
          for (const d of batch) await b.send(d.topic, d.payload, { eventId: d.eventId, replica: 1 });
        }
      }
    };
    await Promise.all([oneByOne(), inBatches()]);

    expect(
      (await b.totals()).map(({ user_id, collection_value, card_count }) => ({
        user_id: Number(user_id),
        collection_value: Number(collection_value),
        card_count: Number(card_count),
      })),
    ).toEqual(totals);
    const recorded = (await b.database.db('cards').orderBy('card_id').select('card_id', 'owner_id')) as {
      card_id: number;
      owner_id: number;
    }[];
    expect(new Map(recorded.map((r) => [Number(r.card_id), Number(r.owner_id)]))).toEqual(owners);

    // Board order: value down, then the earlier sign-up.
    const ranked = [...totals]
      .sort((x, y) => y.collection_value - x.collection_value || x.user_id - y.user_id)
      .map((t, i) => [t.user_id, t.collection_value, i + 1]);
    const top = async (replica: number) =>
      (await b.replicas[replica]!.client.GetTop({ limit: 0 })).entries.map((e) => [
        e.userId,
        e.collectionValue,
        e.rank,
      ]);
    await eventually(async () => {
      expect(await b.cache.isBuilt()).toBe(true);
      expect(await top(0)).toEqual(ranked);
      expect(await top(1)).toEqual(ranked);
    });
  }, 120_000);
});
