import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '@touchline/kit/testing';
import { tradingConsumers } from '../src/consumers';
import { acceptOffer } from '../src/use-cases/accept-offer';
import { key, startTrading, type TradingHarness } from './support';

/**
 * What an accept costs trading's database (issue 41, "Cut the write path's cost"): the saga follows
 * its own writes instead of reading them back. Counted, not timed: the statements on trading's own
 * tables while one accept runs (its transactions' BEGIN and COMMIT and the outbox are the kit's).
 */
let h: TradingHarness;

beforeAll(async () => {
  h = await startTrading();
});
afterAll(async () => {
  await h?.stop();
});

/** The statements on trading's own tables (trade_*) that `work` sends, and what it returns. */
async function tradeStatementsOf<T>(work: () => Promise<T>): Promise<{ result: T; statements: string[] }> {
  const db = h.trading.database.db;
  const statements: string[] = [];
  const count = (query: { sql: string }) => {
    if (/"?trade_/.test(query.sql)) statements.push(query.sql);
  };
  db.on('query', count);
  try {
    return { result: await work(), statements };
  } finally {
    db.removeListener('query', count);
  }
}

describe('the cost of an accept', () => {
  it('a card for coins is accepted in at most 9 statements on the trade tables (22 before)', async () => {
    const [a, b] = [await h.user('ann'), await h.user('ben')];
    const [card] = await h.giveCards(a);
    await h.grant(b, 100);
    const { offer } = await h.client.CreateOffer({
      userId: a,
      toUserId: b,
      offeredCardIds: [card!.id],
      offeredCoins: 0,
      requestedCardIds: [],
      requestedCoins: 10,
      note: '',
      idempotencyKey: key(),
    });

    const {
      result: { offer: accepted },
      statements,
    } = await tradeStatementsOf(() =>
      acceptOffer(h.deps(), { userId: b, offerId: offer!.id, idempotencyKey: key() }),
    );

    expect(accepted).toMatchObject({ id: offer!.id, status: 'accepted', offeredCardIds: [card!.id] });
    expect(await h.ownerOf(card!.id)).toBe(b);
    expect(await h.balance(b)).toEqual({ coins: 90, held: 0 });
    expect(statements.length, statements.join('\n')).toBeLessThanOrEqual(9);
  });

  it("a trade's own card transfers take no inbox transaction in trading; other transfers do", () => {
    const transferred = tradingConsumers(h.deps({ logger: silentLogger })).find(
      (c) => c.topic === 'cards.card.transferred',
    )!;
    const move = (reference: string) => ({
      cardId: 1,
      playerId: 1,
      fromUserId: 1,
      toUserId: 2,
      currentPrice: 100,
      reason: 'trade',
      reference,
      transferredAt: new Date().toISOString(),
    });
    const meta = { eventId: 'e', key: '1', occurredAt: new Date() };
    expect(transferred.relevant?.(move('trade:1:1') as never, meta)).toBe(false);
    expect(transferred.relevant?.(move('sale:1') as never, meta) ?? true).toBe(true);
  });

  it("reads a user's offers with both sides' cards in one statement (two before)", async () => {
    const [a, b] = [await h.user('cat'), await h.user('dan')];
    const [card] = await h.giveCards(a);
    const [wanted] = await h.giveCards(b);
    await h.grant(a, 5);
    const { offer } = await h.client.CreateOffer({
      userId: a,
      toUserId: b,
      offeredCardIds: [card!.id],
      offeredCoins: 5,
      requestedCardIds: [wanted!.id],
      requestedCoins: 0,
      note: '',
      idempotencyKey: key(),
    });

    const {
      result: [incoming, outgoing],
      statements,
    } = await tradeStatementsOf(async () => [
      await h.client.ListIncomingOffers({ userId: b, status: 'pending' }),
      await h.client.ListOutgoingOffers({ userId: a, status: '' }),
    ]);

    for (const list of [incoming, outgoing])
      expect(list.offers).toMatchObject([
        { id: offer!.id, offeredCardIds: [card!.id], requestedCardIds: [wanted!.id] },
      ]);
    expect(statements, statements.join('\n')).toHaveLength(2);
  });
});
