import { status } from '@grpc/grpc-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPromiseClient, InProcessBus, type Database } from '@touchline/kit';
import {
  eventually as pollUntil,
  eventMessage,
  silentLogger,
  startTestService,
  type TestService,
} from '@touchline/kit/testing';
import { decodeEvent, SERVICES, type EventOutput, type Topic } from '@touchline/protos';
import type { CardsMarketDefinition } from '@touchline/protos/gen/touchline/cards_market/CardsMarket';
import { walletService } from '@touchline/wallet-payments';
import { CARD_BUSY, NOT_YOUR_CARD, PROTECTED_CARD } from '../src/domain/shop-transfer';
import { cardsMarketService } from '../src/service';

let bus: InProcessBus;
let wallet: TestService;
let cards: TestService;
let client: ReturnType<typeof createPromiseClient<CardsMarketDefinition>>;
let keys = 0;
const key = () => `shop-${++keys}`;
let nextUser = 100;
let supply = 0;
let protectedEditions = 0;

beforeAll(async () => {
  bus = new InProcessBus(silentLogger);
  wallet = await startTestService(walletService, { bus, env: { WELCOME_COINS: '0' } });
  cards = await startTestService(cardsMarketService, {
    bus,
    env: { MARKET_HOURS: 'always' },
    peers: { 'wallet-payments': wallet.service.address },
  });
  client = createPromiseClient<CardsMarketDefinition>(
    SERVICES['cards-market'].definition(),
    cards.service.address,
  );
});
afterAll(async () => {
  client.close();
  await cards.stop();
  await wallet.stop();
});

const db = (): Database => cards.database.db;

const eventually = (check: () => Promise<void>, timeoutMs = 5_000): Promise<void> =>
  pollUntil(check, timeoutMs, 50);

/** Market cards handed to the user: `count` ordinary ones, and `messi` cards of the protected player. */
async function owner(
  count: number,
  messi = 0,
): Promise<{ userId: number; ordinary: number[]; protectedIds: number[] }> {
  const userId = ++nextUser;
  const ordinary = (await db()('cards as k')
    .join('players as p', 'p.id', 'k.player_id')
    .where({ 'k.owner_id': 0, 'p.protected': false, 'p.rarity': 'Common' })
    .whereNull('k.reserved_by')
    .orderBy('k.id')
    .offset(supply)
    .limit(count)
    .pluck('k.id')) as number[];
  supply += count;
  await db()('cards').whereIn('id', ordinary).update({ owner_id: userId });
  // The market holds no cards of protected players: mint them for the test, as a promo would.
  const messiPlayer = (await db()('players').where({ protected: true }).first('id')) as { id: number };
  const protectedIds: number[] = [];
  for (let i = 0; i < messi; i++) {
    const [row] = (await db()('cards')
      .insert({
        player_id: messiPlayer.id,
        edition_number: 100_000 + ++protectedEditions,
        owner_id: userId,
        acquired_at: new Date(),
        purchase_price: 0,
        origin: 'promo',
        created_at: new Date(),
      })
      .returning('id')) as { id: number }[];
    protectedIds.push(row!.id);
  }
  return { userId, ordinary: ordinary.map(Number), protectedIds: protectedIds.map(Number) };
}

async function events<T extends Topic>(topic: T): Promise<EventOutput<T>[]> {
  const rows = (await db()('outbox').where({ topic }).orderBy('id').select('payload')) as {
    payload: Uint8Array;
  }[];
  return rows.map((r) => decodeEvent(topic, r.payload));
}

const ownerOf = async (id: number) =>
  Number(((await db()('cards').where({ id }).first('owner_id')) as { owner_id: number }).owner_id);

describe('ListCollectionCards', () => {
  it("lists the user's cards with isMessi from the protected flag", async () => {
    const { userId, ordinary, protectedIds } = await owner(2, 1);
    const { cards: list } = await client.ListCollectionCards({ userId });
    expect(list.map((c) => c.id).sort()).toEqual([...ordinary, ...protectedIds].sort());
    const messi = list.find((c) => c.id === protectedIds[0])!;
    expect(messi).toMatchObject({ isMessi: true, protected: true, playerName: 'Lionel Messi' });
    const other = list.find((c) => c.id === ordinary[0])!;
    expect(other).toMatchObject({ isMessi: false, rarity: 'Common' });
    expect(other.currentPrice).toBeGreaterThan(0);
    expect(other.teamName).not.toBe('');
  });
});

describe('TransferToShop', () => {
  it('moves all non-protected cards to the market with events, protected ones stay', async () => {
    const { userId, ordinary, protectedIds } = await owner(3, 1);
    const before = (await events('cards.card.transferred')).length;
    const result = await client.TransferToShop({
      userId,
      transferAllNonProtected: true,
      cardIds: [],
      idempotencyKey: key(),
    });
    expect(result).toEqual({ success: true, transferred: 3, remaining: 1, error: '' });
    for (const id of ordinary) expect(await ownerOf(id)).toBe(0);
    expect(await ownerOf(protectedIds[0]!)).toBe(userId);
    const moved = (await events('cards.card.transferred')).slice(before);
    expect(moved.map((e) => e.cardId).sort()).toEqual(ordinary.sort());
    expect(moved[0]).toMatchObject({ fromUserId: userId, toUserId: 0, reason: 'transfer_to_shop' });
  });

  it('moves the selected cards only, withdrawing a listing first; a retry moves nothing again', async () => {
    const { userId, ordinary } = await owner(3);
    const [listed, chosen, kept] = ordinary as [number, number, number];
    const price = Number(
      (
        (await db()('cards as k')
          .join('players as p', 'p.id', 'k.player_id')
          .where('k.id', listed)
          .first('p.current_price')) as {
          current_price: number;
        }
      ).current_price,
    );
    await client.SellCard({ userId, cardId: listed, price, idempotencyKey: key() });
    const order = {
      userId,
      transferAllNonProtected: false,
      cardIds: [listed, chosen],
      idempotencyKey: key(),
    };
    expect(await client.TransferToShop(order)).toEqual({
      success: true,
      transferred: 2,
      remaining: 1,
      error: '',
    });
    expect(await client.TransferToShop(order)).toEqual({
      success: true,
      transferred: 2,
      remaining: 1,
      error: '',
    });
    expect(await ownerOf(kept)).toBe(userId);
    expect(await db()('listings').where({ card_id: listed }).first('status')).toEqual({
      status: 'withdrawn',
    });
    const withdrawn = await events('cards.listing.withdrawn');
    expect(withdrawn.at(-1)).toMatchObject({ cardId: listed, reason: 'transfer_to_shop' });
    expect((await events('cards.card.transferred')).filter((e) => e.cardId === chosen)).toHaveLength(1);
  });

  it.each([
    ['a protected card', PROTECTED_CARD],
    ["another user's card", NOT_YOUR_CARD],
    ['a card held by a trade', CARD_BUSY],
  ])('refuses a selection naming %s and moves nothing', async (what, message) => {
    const { userId, ordinary, protectedIds } = await owner(2, 1);
    const stranger = await owner(1);
    let named = ordinary[1]!;
    if (what === 'a protected card') named = protectedIds[0]!;
    if (what === "another user's card") named = stranger.ordinary[0]!;
    if (what === 'a card held by a trade')
      await client.HoldCards({
        holdKey: key(),
        ownerUserId: userId,
        toUserId: stranger.userId,
        cardIds: [named],
        reason: 'trade',
        reference: 'x',
      });
    const before = (await events('cards.card.transferred')).length;
    await expect(
      client.TransferToShop({
        userId,
        transferAllNonProtected: false,
        cardIds: [ordinary[0]!, named],
        idempotencyKey: key(),
      }),
    ).rejects.toMatchObject({ code: status.FAILED_PRECONDITION, details: message });
    expect(await ownerOf(ordinary[0]!)).toBe(userId);
    expect((await events('cards.card.transferred')).length).toBe(before);
  });

  it('refuses an empty selection', async () => {
    const { userId } = await owner(1);
    await expect(
      client.TransferToShop({ userId, transferAllNonProtected: false, cardIds: [], idempotencyKey: key() }),
    ).rejects.toMatchObject({ code: status.INVALID_ARGUMENT });
  });
});

describe('a ban', () => {
  it("withdraws the user's active listings", async () => {
    const { userId, ordinary } = await owner(2);
    for (const cardId of ordinary) {
      const row = (await db()('cards as k')
        .join('players as p', 'p.id', 'k.player_id')
        .where('k.id', cardId)
        .first('p.current_price')) as {
        current_price: number;
      };
      await client.SellCard({ userId, cardId, price: Number(row.current_price), idempotencyKey: key() });
    }
    // Through the real consumer, as identity publishes it.
    await bus.publish([
      eventMessage('identity.user.banned', String(userId), {
        userId,
        banned: true,
        actorUserId: 1,
        changedAt: new Date().toISOString(),
      }),
    ]);
    await eventually(async () => {
      const statuses = await db()('listings').whereIn('card_id', ordinary).pluck('status');
      expect(statuses).toEqual(['withdrawn', 'withdrawn']);
    });
    const withdrawn = (await events('cards.listing.withdrawn')).filter((e) => e.userId === userId);
    expect(withdrawn.map((e) => e.reason)).toEqual(['banned', 'banned']);
  });
});
