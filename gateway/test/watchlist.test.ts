import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browser, expectError, PASSWORD, uniqueEmail } from './support';
import { startTradeHarness, type TradeHarness } from './trade-harness';

let harness: TradeHarness | undefined;
let baseUrl: string;

beforeAll(async () => {
  harness = await startTradeHarness();
  ({ baseUrl } = harness);
});
afterAll(async () => {
  await harness?.close();
});

async function player(local: string) {
  const agent = browser(baseUrl);
  const res = await agent.post('/api/register').send({ email: uniqueEmail(local), password: PASSWORD });
  expect(res.status, res.text).toBe(201);
  return agent;
}

async function someCatalogPlayers(count: number): Promise<{ id: number; currentPrice: number }[]> {
  const rows = (await harness!.services.cards.database
    .db('players')
    .orderBy('id')
    .limit(count)
    .select('id', 'current_price')) as { id: number; current_price: number }[];
  return rows.map((r) => ({ id: r.id, currentPrice: Number(r.current_price) }));
}

describe('the watchlist through the gateway', () => {
  it('stars a player, sets alerts within the limits, lists them with the live price; each user sees their own', async () => {
    const [alice, bob] = [await player('watch.a'), await player('watch.b')];
    const [messi, other] = await someCatalogPlayers(2);
    const starred = await alice.put(`/api/watchlist/${messi!.id}`).send({});
    expect(starred.status, starred.text).toBe(201);
    expect(starred.body).toMatchObject({
      player: { id: messi!.id, currentPrice: messi!.currentPrice },
      alerts: [],
    });
    expect((await alice.put(`/api/watchlist/${messi!.id}`).send({})).status).toBe(200);
    expectError(await alice.put('/api/watchlist/99999999').send({}), 404, 'Player not found');
    expectError(await alice.put('/api/watchlist/abc').send({}), 400);

    expectError(
      await alice.post(`/api/watchlist/${other!.id}/alerts`).send({ direction: 'above', threshold: 10 }),
      422,
      'Add this player to your watchlist before setting an alert',
    );
    expectError(
      await alice.post(`/api/watchlist/${messi!.id}/alerts`).send({ direction: 'up', threshold: 10 }),
      400,
    );
    expectError(
      await alice.post(`/api/watchlist/${messi!.id}/alerts`).send({ direction: 'above', threshold: 0 }),
      400,
      'threshold: The alert price must be 1 coin or more',
    );
    const above = await alice
      .post(`/api/watchlist/${messi!.id}/alerts`)
      .send({ direction: 'above', threshold: messi!.currentPrice + 1 });
    expect(above.status, above.text).toBe(201);
    expect(above.body).toMatchObject({ direction: 'above', met: false, lastTriggeredAt: null });
    await alice.post(`/api/watchlist/${messi!.id}/alerts`).send({ direction: 'below', threshold: 1 });
    expectError(
      await alice.post(`/api/watchlist/${messi!.id}/alerts`).send({ direction: 'below', threshold: 2 }),
      422,
      'You can set up to 2 alerts per player. Remove one to add another.',
    );

    const list = await alice.get('/api/watchlist');
    expect(list.status).toBe(200);
    expect(list.body).toEqual([
      expect.objectContaining({
        player: expect.objectContaining({ id: messi!.id }),
        alerts: [expect.anything(), expect.anything()],
      }),
    ]);
    expect((await bob.get('/api/watchlist')).body).toEqual([]);
    expectError(
      await bob.delete(`/api/watchlist/${messi!.id}/alerts/${above.body.id as number}`),
      404,
      'Price alert not found',
    );

    expect((await alice.delete(`/api/watchlist/${messi!.id}/alerts/${above.body.id as number}`)).status).toBe(
      200,
    );
    expect((await alice.delete(`/api/watchlist/${messi!.id}`)).status).toBe(200);
    expect((await alice.get('/api/watchlist')).body).toEqual([]);
  });
});
