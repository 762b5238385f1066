import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock, Outbox, systemRandom } from '@touchline/kit';
import { silentLogger, startTestService, type TestService } from '@touchline/kit/testing';
import { cardsMarketConfigSchema } from '../src/config';
import { PlayerCache } from '../src/db/player-cache';
import { cardsMarketService } from '../src/service';
import { CARD_UNAVAILABLE, commitCardHold, holdCards, voidCardHold } from '../src/use-cases/card-holds';
import type { CardsDeps } from '../src/use-cases/deps';
import { sellCard } from '../src/use-cases/selling';
import { decodeEvent } from '@touchline/protos';

const clock = fixedClock('2026-11-23T15:00:00Z');
let cards: TestService;
const deps = (db = cards.database.db): CardsDeps => ({
  db,
  outbox: new Outbox(clock, systemRandom),
  clock,
  random: systemRandom,
  logger: silentLogger,
  config: cardsMarketConfigSchema.parse({ MARKET_HOURS: 'always' }),
  priceKey: 'touchline',
  wallet: undefined as never,
  players: new PlayerCache(db, clock, 0),
});

beforeAll(async () => {
  cards = await startTestService(cardsMarketService, { clock });
});
afterAll(async () => {
  await cards.stop();
});

let offset = 0;
async function give(userId: number, count = 1): Promise<number[]> {
  const rows = (await cards.database
    .db('cards')
    .where({ owner_id: 0 })
    .orderBy('id')
    .offset(offset)
    .limit(count)
    .select('id')) as { id: number }[];
  offset += count;
  await cards.database
    .db('cards')
    .whereIn(
      'id',
      rows.map((r) => r.id),
    )
    .update({ owner_id: userId });
  return rows.map((r) => r.id);
}
const owners = async (ids: number[]) =>
  (
    (await cards.database.db('cards').whereIn('id', ids).orderBy('id').select('owner_id')) as {
      owner_id: number;
    }[]
  ).map((r) => r.owner_id);

describe('card holds for trades', () => {
  it('holds, then commits: the cards move to the receiver once', async () => {
    const ids = await give(1, 2);
    expect(
      await holdCards(deps(), {
        holdKey: 'h1',
        ownerUserId: 1,
        toUserId: 2,
        cardIds: ids,
        reason: 'trade',
        reference: 'offer-1',
      }),
    ).toMatchObject({ status: 'held' });
    // Held cards cannot be listed for sale.
    await expect(
      sellCard(deps(), { userId: 1, cardId: ids[0]!, price: 1_000_000, idempotencyKey: 's1' }),
    ).rejects.toMatchObject({ code: 'conflict' });
    expect((await commitCardHold(deps(), 'h1')).status).toBe('committed');
    expect((await commitCardHold(deps(), 'h1')).status).toBe('committed');
    expect(await owners(ids)).toEqual([2, 2]);
  });

  it('voids: the cards stay; a late commit fails; voiding an unknown key leaves a tombstone', async () => {
    const ids = await give(3);
    await holdCards(deps(), {
      holdKey: 'h2',
      ownerUserId: 3,
      toUserId: 4,
      cardIds: ids,
      reason: 'trade',
      reference: 'offer-2',
    });
    expect(await voidCardHold(deps(), 'h2')).toEqual({ status: 'voided' });
    await expect(commitCardHold(deps(), 'h2')).rejects.toMatchObject({ code: 'conflict' });
    expect(await owners(ids)).toEqual([3]);
    expect(await voidCardHold(deps(), 'never-held')).toEqual({ status: 'voided' });
    expect(
      await holdCards(deps(), {
        holdKey: 'never-held',
        ownerUserId: 3,
        toUserId: 4,
        cardIds: ids,
        reason: 'trade',
        reference: 'x',
      }),
    ).toMatchObject({ status: 'voided' });
    // The card is free again for a new hold.
    expect(
      await holdCards(deps(), {
        holdKey: 'h3',
        ownerUserId: 3,
        toUserId: 4,
        cardIds: ids,
        reason: 'trade',
        reference: 'offer-3',
      }),
    ).toMatchObject({ status: 'held' });
  });

  it('refuses cards of someone else, listed cards and cards held by another trade', async () => {
    const [mine] = await give(5);
    const [listed] = await give(5);
    // A listing written directly: the point here is the hold rule, not the selling rules.
    await cards.database.db('listings').insert({
      card_id: listed,
      seller_id: 5,
      price: 100,
      fee_percent: 10,
      status: 'active',
      idempotency_key: 'direct-listing',
      created_at: clock.now(),
      updated_at: clock.now(),
    });
    await expect(
      holdCards(deps(), {
        holdKey: 'h4',
        ownerUserId: 6,
        toUserId: 5,
        cardIds: [mine!],
        reason: 'trade',
        reference: 'r',
      }),
    ).rejects.toMatchObject({ message: CARD_UNAVAILABLE });
    await expect(
      holdCards(deps(), {
        holdKey: 'h5',
        ownerUserId: 5,
        toUserId: 6,
        cardIds: [listed!],
        reason: 'trade',
        reference: 'r',
      }),
    ).rejects.toMatchObject({ message: CARD_UNAVAILABLE });
    await holdCards(deps(), {
      holdKey: 'h6',
      ownerUserId: 5,
      toUserId: 6,
      cardIds: [mine!],
      reason: 'trade',
      reference: 'r',
    });
    await expect(
      holdCards(deps(), {
        holdKey: 'h7',
        ownerUserId: 5,
        toUserId: 7,
        cardIds: [mine!],
        reason: 'trade',
        reference: 'r',
      }),
    ).rejects.toMatchObject({ message: CARD_UNAVAILABLE });
  });

  it('commit racing void on one key: exactly one wins', async () => {
    for (let round = 0; round < 5; round++) {
      const ids = await give(8);
      const key = `race-${round}`;
      await holdCards(deps(), {
        holdKey: key,
        ownerUserId: 8,
        toUserId: 9,
        cardIds: ids,
        reason: 'trade',
        reference: key,
      });
      const pools = [cards.database.db, cards.database.connect()];
      await Promise.all(pools.map((p) => p.raw('select 1')));
      const [commit, voided] = await Promise.allSettled([
        commitCardHold(deps(pools[0]), key),
        voidCardHold(deps(pools[1]), key),
      ]);
      expect([commit.status, voided.status].filter((s) => s === 'fulfilled')).toHaveLength(1);
      expect(await owners(ids)).toEqual([commit.status === 'fulfilled' ? 9 : 8]);
    }
  });
});

describe('the cost of a trade card hold and its commit (issue 41, "Cut the write path\'s cost")', () => {
  /** Statements on the cards tables while `work` runs (BEGIN, COMMIT and the outbox are the kit's). */
  async function counted<T>(work: () => Promise<T>): Promise<{ result: T; statements: string[] }> {
    const statements: string[] = [];
    const listen = (query: { sql: string }) => {
      if (/"?(cards|card_holds|listings|players)"?/.test(query.sql)) statements.push(query.sql);
    };
    cards.database.db.on('query', listen);
    try {
      return { result: await work(), statements };
    } finally {
      cards.database.db.removeListener('query', listen);
    }
  }

  it('a hold is 4 statements (5 before), its commit 2 (5 before); the transfer events as before', async () => {
    const ids = await give(7, 2);
    const held = await counted(() =>
      holdCards(deps(), {
        holdKey: 'cost-h',
        ownerUserId: 7,
        toUserId: 8,
        cardIds: ids,
        reason: 'trade',
        reference: 'trade:99:1',
      }),
    );
    expect(held.result).toEqual({ holdKey: 'cost-h', status: 'held', cardIds: ids });
    expect(held.statements.length, held.statements.join('\n')).toBeLessThanOrEqual(4);

    const committed = await counted(() => commitCardHold(deps(), 'cost-h'));
    expect(committed.result).toEqual({ status: 'committed' });
    expect(committed.statements.length, committed.statements.join('\n')).toBeLessThanOrEqual(2);
    expect(await owners(ids)).toEqual([8, 8]);

    const prices = (await cards.database
      .db('cards as k')
      .join('players as p', 'p.id', 'k.player_id')
      .whereIn('k.id', ids)
      .orderBy('k.id')
      .select('k.id', 'k.player_id', 'p.current_price', 'k.hold_key', 'k.purchase_price')) as {
      id: number;
      player_id: number;
      current_price: number;
      hold_key: string | null;
      purchase_price: number;
    }[];
    expect(prices.every((c) => c.hold_key === null && Number(c.purchase_price) === 0)).toBe(true);
    const events = (await cards.database
      .db('outbox')
      .where({ topic: 'cards.card.transferred' })
      .whereIn(
        'key',
        ids.map((id) => String(id)),
      )
      .orderBy('id')
      .select('payload')) as { payload: Uint8Array }[];
    expect(events.map((e) => decodeEvent('cards.card.transferred', e.payload))).toMatchObject(
      prices.map((c) => ({
        cardId: c.id,
        playerId: c.player_id,
        fromUserId: 7,
        toUserId: 8,
        currentPrice: Number(c.current_price),
        reason: 'trade',
        reference: 'trade:99:1',
      })),
    );
  });
});
