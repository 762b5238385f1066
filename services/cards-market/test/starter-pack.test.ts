import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPromiseClient } from '@touchline/kit';
import { eventMessage, startTestService, type TestService } from '@touchline/kit/testing';
import { SERVICES } from '@touchline/protos';
import type { CardsMarketDefinition } from '@touchline/protos/gen/touchline/cards_market/CardsMarket';
import { cardsMarketService } from '../src/service';

let t: TestService;
let client: ReturnType<typeof createPromiseClient<CardsMarketDefinition>>;

beforeAll(async () => {
  t = await startTestService(cardsMarketService);
  client = createPromiseClient<CardsMarketDefinition>(
    SERVICES['cards-market'].definition(),
    t.service.address,
  );
});
afterAll(async () => {
  client.close();
  await t.stop();
});

function registered(userId: number, eventId: string) {
  return eventMessage(
    'identity.user.registered',
    String(userId),
    { userId, username: `user${userId}`, registeredAt: new Date().toISOString() },
    { eventId },
  );
}

describe('starter pack', () => {
  it('mints three Common or Rare cards once, even when the sign-up event arrives twice', async () => {
    const message = registered(501, '00000000-0000-4000-8000-000000000501');
    await t.bus.publish([message]);
    await t.bus.publish([message]);
    // A different event for the same user (e.g. a replay under a new id) must not mint again either.
    await t.bus.publish([registered(501, '00000000-0000-4000-8000-000000000502')]);
    const { cards } = await client.ListUserCards({ userId: 501 });
    expect(cards).toHaveLength(3);
    for (const card of cards) expect(['Common', 'Rare']).toContain(card.player!.rarity);
    const minted = (await t.database
      .db('outbox')
      .where({ topic: 'cards.starter_pack.granted' })
      .count({ n: '*' })
      .first()) as {
      n: number;
    };
    expect(Number(minted.n)).toBe(1);
  });

  it('shows the unrevealed starter cards until they are marked revealed, once', async () => {
    // Before the grant: nothing to show, and not revealed (the gateway keeps asking).
    expect(await client.GetStarterPack({ userId: 502 })).toEqual({ cards: [], revealed: false });
    await t.bus.publish([registered(502, '00000000-0000-4000-8000-000000000503')]);
    const pack = await client.GetStarterPack({ userId: 502 });
    expect(pack.cards).toHaveLength(3);
    expect(pack.revealed).toBe(false);
    expect(pack.cards.every((c) => c.player!.name.length > 0)).toBe(true);
    expect(await client.MarkStarterPackRevealed({ userId: 502, idempotencyKey: 'r1' })).toEqual({
      revealed: 3,
    });
    expect(await client.MarkStarterPackRevealed({ userId: 502, idempotencyKey: 'r2' })).toEqual({
      revealed: 0,
    });
    expect(await client.GetStarterPack({ userId: 502 })).toEqual({ cards: [], revealed: true });
  });

  it('counts owned cards in the catalog and the collection summary', async () => {
    await t.bus.publish([registered(503, '00000000-0000-4000-8000-000000000504')]);
    const { cards } = await client.ListUserCards({ userId: 503 });
    const catalog = await client.GetCatalog({ userId: 503 });
    expect(catalog.totalPlayers).toBe(858);
    expect(catalog.entries).toHaveLength(858);
    const owned = catalog.entries.filter((e) => e.owned);
    expect(owned.reduce((n, e) => n + e.count, 0)).toBe(3);
    expect(catalog.collectedPlayers).toBe(new Set(cards.map((c) => c.player!.id)).size);
    // The catalog's per-user part alone: the same counts, only for the players owned.
    const { counts } = await client.GetOwnedCounts({ userId: 503 });
    expect(new Map(counts.map((c) => [Number(c.playerId), c.count]))).toEqual(
      new Map(owned.map((e) => [Number(e.player!.id), e.count])),
    );
    const { summaries } = await client.GetCollectionSummaries({ userIds: [503, 999_999] });
    expect(summaries[0]).toEqual({
      userId: 503,
      cardCount: 3,
      collectionValue: cards.reduce((sum, c) => sum + c.player!.currentPrice, 0),
    });
    expect(summaries[1]).toEqual({ userId: 999_999, cardCount: 0, collectionValue: 0 });
  });

  it('tells per team its players and how many of them a user owns, matching the catalog', async () => {
    await t.bus.publish([registered(504, '00000000-0000-4000-8000-000000000505')]);
    const [{ teams }, catalog] = await Promise.all([
      client.GetTeamProgress({ userId: 504 }),
      client.GetCatalog({ userId: 504 }),
    ]);
    const expected = new Map<number, { players: number; ownedPlayers: number }>();
    for (const { player, owned } of catalog.entries) {
      const team = expected.get(Number(player!.teamId)) ?? { players: 0, ownedPlayers: 0 };
      expected.set(Number(player!.teamId), {
        players: team.players + 1,
        ownedPlayers: team.ownedPlayers + (owned ? 1 : 0),
      });
    }
    expect(teams).toHaveLength(30);
    expect(
      new Map(teams.map((c) => [Number(c.teamId), { players: c.players, ownedPlayers: c.ownedPlayers }])),
    ).toEqual(expected);
    expect(teams.reduce((n, c) => n + c.ownedPlayers, 0)).toBe(catalog.collectedPlayers);
    expect(catalog.collectedPlayers).toBeGreaterThan(0);
  });
});
