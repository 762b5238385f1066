import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock, Outbox, systemRandom } from '@touchline/kit';
import { silentLogger, startTestService, type TestService } from '@touchline/kit/testing';
import { cardsMarketConfigSchema } from '../src/config';
import { PlayerCache } from '../src/db/player-cache';
import { cardsMarketService } from '../src/service';
import { catalog } from '../src/use-cases/catalog';
import { userCards } from '../src/use-cases/collection';
import type { CardsDeps } from '../src/use-cases/deps';
import { listAllPlayers, listMarket } from '../src/use-cases/market-list';
import { sellCard, withdrawListing } from '../src/use-cases/selling';
import type { WalletClient } from '../src/peers';

/**
 * A user's cards reuse their last answer while nothing they were built from changed (answer-memo.ts).
 * These check the other half: every change shows in the very next answer, of every big read.
 */
const clock = fixedClock('2026-11-23T15:00:00Z'); // a Monday, 10:00 ET: market open
let cards: TestService;
let deps: CardsDeps;

beforeAll(async () => {
  cards = await startTestService(cardsMarketService, { clock, env: { MARKET_HOURS: 'schedule' } });
  deps = {
    db: cards.database.db,
    outbox: new Outbox(clock, systemRandom),
    clock,
    random: systemRandom,
    logger: silentLogger,
    config: cardsMarketConfigSchema.parse({ MARKET_HOURS: 'schedule' }),
    priceKey: 'touchline',
    wallet: {} as WalletClient,
    // Never stale by time: only a change may renew an answer here.
    players: new PlayerCache(cards.database.db, clock, 3_600_000),
  };
});
afterAll(async () => {
  await cards.stop();
});

const page = { userId: 0, position: '', search: '', rarity: '', teamId: 0, sort: '' };
const USER = 31;

async function giveCard(offset: number): Promise<{ id: number; price: number }> {
  const row = (await deps
    .db('cards as k')
    .join('players as p', 'p.id', 'k.player_id')
    .where({ 'k.owner_id': 0 })
    .whereNull('k.reserved_by')
    .orderBy('k.id')
    .offset(offset)
    .first('k.id', 'p.current_price')) as { id: number; current_price: number };
  await deps.db('cards').where({ id: row.id }).update({ owner_id: USER, purchase_price: 100 });
  return { id: row.id, price: row.current_price };
}

describe('reused answers', () => {
  it('are the same object while nothing changed', async () => {
    await userCards(deps, USER); // loads the players: an answer built meanwhile is not kept
    expect(await userCards(deps, USER)).toBe(await userCards(deps, USER));
  });

  it('show a new card, a listing and its withdrawal at once', async () => {
    const before = await userCards(deps, USER);
    const card = await giveCard(5);
    const after = await userCards(deps, USER);
    expect(after.cards.map((c) => c.id)).toEqual([...before.cards.map((c) => c.id), card.id]);
    expect((await catalog(deps, USER)).collectedPlayers).toBe(1);

    await sellCard(deps, { userId: USER, cardId: card.id, price: card.price, idempotencyKey: 'memo-sell' });
    const listed = (await listMarket(deps, page)).items.find((i) => i.id === card.id);
    expect(listed).toMatchObject({ userId: USER, price: card.price });
    expect((await userCards(deps, USER)).cards.find((c) => c.id === card.id)).toMatchObject({
      forSale: true,
    });

    await withdrawListing(deps, { userId: USER, cardId: card.id, idempotencyKey: 'memo-withdraw' });
    expect((await listMarket(deps, page)).items.some((i) => i.userId === USER)).toBe(false);
    expect((await userCards(deps, USER)).cards.find((c) => c.id === card.id)).toMatchObject({
      forSale: false,
    });
  });

  it('show a new price once the player cache reloads (a price tick invalidates it)', async () => {
    const [first] = (await listAllPlayers(deps, page)).players;
    await deps
      .db('players')
      .where({ id: first!.id })
      .update({ current_price: Number(first!.currentPrice) + 1 });
    deps.players.invalidate();
    const [again] = (await listAllPlayers(deps, page)).players;
    expect(again).toMatchObject({ id: first!.id, currentPrice: Number(first!.currentPrice) + 1 });
    const item = (await listMarket(deps, page)).items.find((i) => i.player!.id === first!.id);
    expect(item?.price).toBe(Number(first!.currentPrice) + 1);
  });
});
