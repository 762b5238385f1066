import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browser, expectError, PASSWORD, uniqueEmail } from './support';
import { startTradeHarness, type TradeHarness } from './trade-harness';

// The four services behind the trade routes, on one event bus, and the gateway in front of them.
let harness: TradeHarness | undefined;
let services: TradeHarness['services'];
let clients: TradeHarness['clients'];
let baseUrl: string;

beforeAll(async () => {
  harness = await startTradeHarness();
  ({ services, baseUrl, clients } = harness);
});

afterAll(async () => {
  await harness?.close();
});

/** A signed-in player: the agent keeps the session cookie. */
async function player(local: string) {
  const agent = browser(baseUrl);
  const res = await agent.post('/api/register').send({ email: uniqueEmail(local), password: PASSWORD });
  expect(res.status, res.text).toBe(201);
  const { id, username } = res.body as { id: number; username: string };
  return { agent, id, username };
}

let supply = 0;
/** Cards from the market's supply handed to the user, of one rarity. */
async function giveCards(
  userId: number,
  count = 1,
  rarity = 'Common',
): Promise<{ id: number; price: number }[]> {
  const rows = (await services.cards.database
    .db('cards as k')
    .join('players as p', 'p.id', 'k.player_id')
    .where({ 'k.owner_id': 0, 'p.rarity': rarity })
    .orderBy('k.id')
    .offset(supply)
    .limit(count)
    .select('k.id', 'p.current_price')) as { id: number; current_price: number }[];
  supply += count;
  await services.cards.database
    .db('cards')
    .whereIn(
      'id',
      rows.map((r) => r.id),
    )
    .update({ owner_id: userId, purchase_price: 100 });
  return rows.map((r) => ({ id: r.id, price: r.current_price }));
}

const grant = (userId: number, amount: number) =>
  clients.wallet.Grant({ idempotencyKey: randomUUID(), userId, amount, reason: 'test' });
const coins = async (userId: number) => (await clients.wallet.GetBalance({ userId })).coins;
const ownerOf = async (cardId: number) =>
  (
    (await services.cards.database.db('cards').where({ id: cardId }).first('owner_id')) as {
      owner_id: number;
    }
  ).owner_id;

describe('trade offers through the gateway', () => {
  it('create → incoming/outgoing with cards and usernames → accept: card and coins after the fee move', async () => {
    const [alice, bob] = [await player('alice.trader'), await player('bob.trader')];
    const [card] = await giveCards(alice.id);
    const [wanted] = await giveCards(bob.id);
    await grant(alice.id, 1500);

    const created = await alice.agent
      .post('/api/trades/create')
      .send({ cardId: card!.id, targetUser: bob.username, coinOffer: 1000, requestedCardIds: [wanted!.id] });
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({
      id: expect.any(Number),
      card: { id: card!.id, player: { name: expect.any(String), rarity: 'Common' }, userId: alice.id },
      cards: [{ id: card!.id }],
      requestedCards: [{ id: wanted!.id, userId: bob.id }],
      coinOffer: 1000,
      coinOfferAfterFee: 975,
      requestedCoins: 0,
      status: 'pending',
      statusReason: null,
      note: null,
      createdAt: expect.any(String),
      fromUser: { id: alice.id, username: alice.username },
      toUser: { id: bob.id, username: bob.username },
    });
    const offerId = created.body.id as number;

    const incoming = await bob.agent.get('/api/trades/incoming');
    expect(incoming.status).toBe(200);
    expect(incoming.body).toEqual([created.body]);
    expect(incoming.text).not.toMatch(/@/); // usernames only, never e-mails
    expect((await bob.agent.get('/api/trades/incoming/count')).body).toEqual({ count: 1 });
    expect((await alice.agent.get('/api/trades/outgoing')).body.map((o: { id: number }) => o.id)).toEqual([
      offerId,
    ]);
    expect((await alice.agent.get('/api/trades/incoming')).body).toEqual([]);

    const accepted = await bob.agent.post(`/api/trades/${offerId}/accept`);
    expect(accepted.status, accepted.text).toBe(200);
    expect(accepted.body).toMatchObject({
      id: offerId,
      status: 'accepted',
      card: { id: card!.id, userId: bob.id },
    });
    expect(await ownerOf(card!.id)).toBe(bob.id);
    expect(await ownerOf(wanted!.id)).toBe(alice.id);
    expect(await coins(alice.id)).toBe(500);
    expect(await coins(bob.id)).toBe(975);
    expect((await bob.agent.get('/api/trades/incoming/count')).body).toEqual({ count: 0 });
    expect((await bob.agent.get('/api/trades/incoming?status=accepted')).body).toHaveLength(1);
    const history = await alice.agent.get('/api/trade-history/user');
    // Names, not numbers; and each row of the trade tells both sides of it.
    const exchange = {
      offerId,
      fromUser: { id: alice.id, username: alice.username },
      toUser: { id: bob.id, username: bob.username },
      offeredCards: [
        { cardId: card!.id, playerId: expect.any(Number), playerName: expect.any(String), rarity: 'Common' },
      ],
      offeredCoins: 1000,
      requestedCards: [
        {
          cardId: wanted!.id,
          playerId: expect.any(Number),
          playerName: expect.any(String),
          rarity: 'Common',
        },
      ],
      requestedCoins: 0,
    };
    expect(history.body).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          tradeType: 'trade',
          cardId: card!.id,
          sellerUserId: alice.id,
          sellerUsername: alice.username,
          buyerUsername: bob.username,
          trade: exchange,
        }),
        expect.objectContaining({
          tradeType: 'trade',
          cardId: wanted!.id,
          sellerUsername: bob.username,
          buyerUsername: alice.username,
          trade: exchange,
        }),
      ]),
    );
    expect(history.text).not.toMatch(/@/);
  });

  it("lists another user's tradeable cards: not listed, not held, nothing private; 404 for no such user", async () => {
    const [alice, bob] = [await player('ask.a'), await player('ask.b')];
    const [free, listed, held] = await giveCards(bob.id, 3);
    const sold = await bob.agent
      .post(`/api/market/sell/${listed!.id}`)
      .set('Idempotency-Key', randomUUID())
      .send({ price: listed!.price });
    expect(sold.status, sold.text).toBe(200);
    await services.cards.database
      .db('cards')
      .where({ id: held!.id })
      .update({ hold_key: 'trade:1:1:cards:sender' });

    const res = await alice.agent.get(`/api/trades/users/${bob.id}/cards`);
    expect(res.status, res.text).toBe(200);
    const ids = (res.body as { id: number }[]).map((c) => c.id);
    // Bob's starter pack is there too; of the three given here only the free one.
    expect(ids).toContain(free!.id);
    expect(ids).not.toContain(listed!.id);
    expect(ids).not.toContain(held!.id);
    expect(res.body.find((c: { id: number }) => c.id === free!.id)).toEqual({
      id: free!.id,
      player: expect.objectContaining({ rarity: 'Common', currentPrice: free!.price }),
      editionNumber: expect.any(Number),
      maxEditions: expect.any(Number),
      userId: bob.id,
    });
    expect(res.text).not.toMatch(/purchasePrice|profitLoss|acquiredAt|@/);

    // The listing is in the market with its seller's name, 'You' being the web's business.
    const market = await alice.agent.get('/api/market');
    expect(market.body).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: listed!.id, userId: bob.id, username: bob.username }),
      ]),
    );
    expect(market.body.find((i: { userId: number }) => i.userId === 0)).toMatchObject({ username: null });

    expectError(await alice.agent.get('/api/trades/users/99999999/cards'), 404, 'User not found');
    expectError(await alice.agent.get('/api/trades/users/abc/cards'), 400);
    await services.identity.database.db('users').where({ id: bob.id }).update({ banned: true });
    expectError(await alice.agent.get(`/api/trades/users/${bob.id}/cards`), 404, 'User not found');
    await services.cards.database.db('cards').where({ id: held!.id }).update({ hold_key: null });
  });

  it('asks for a card of the recipient: the offer shows both sides, and the accept swaps them once', async () => {
    const [alice, bob] = [await player('swap.a'), await player('swap.b')];
    const [mine] = await giveCards(alice.id);
    const [theirs] = await giveCards(bob.id);
    const tradeable = (await alice.agent.get(`/api/trades/users/${bob.id}/cards`)).body as { id: number }[];
    expect(tradeable.map((c) => c.id)).toContain(theirs!.id);
    const created = await alice.agent
      .post('/api/trades/create')
      .set('Idempotency-Key', randomUUID())
      .send({ cardId: mine!.id, targetUser: bob.username.toUpperCase(), requestedCardIds: [theirs!.id] });
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({ cards: [{ id: mine!.id }], requestedCards: [{ id: theirs!.id }] });
    const accepted = await bob.agent.post(`/api/trades/${created.body.id as number}/accept`);
    expect(accepted.status, accepted.text).toBe(200);
    expect(await ownerOf(mine!.id)).toBe(bob.id);
    expect(await ownerOf(theirs!.id)).toBe(alice.id);
    const after = (await alice.agent.get(`/api/trades/users/${bob.id}/cards`)).body as { id: number }[];
    expect(after.map((c) => c.id)).toContain(mine!.id);
    expect(after.map((c) => c.id)).not.toContain(theirs!.id);
  });

  it('decline and cancel, each only by its party; strangers get 404', async () => {
    const [alice, bob, eve] = [await player('dec.a'), await player('dec.b'), await player('dec.eve')];
    const [one, two] = await giveCards(alice.id, 2);
    const first = (
      await alice.agent.post('/api/trades/create').send({ cardId: one!.id, targetUser: bob.username })
    ).body as { id: number };
    const second = (
      await alice.agent.post('/api/trades/create').send({ cardId: two!.id, targetUser: bob.username })
    ).body as { id: number };

    expectError(await eve.agent.post(`/api/trades/${first.id}/accept`), 404, 'Trade offer not found');
    expectError(await eve.agent.delete(`/api/trades/${first.id}`), 404, 'Trade offer not found');
    expectError(
      await alice.agent.post(`/api/trades/${first.id}/accept`),
      403,
      'Only the recipient can accept this offer',
    );
    expectError(
      await alice.agent.post(`/api/trades/${first.id}/decline`),
      403,
      'Only the recipient can decline this offer',
    );
    expectError(
      await bob.agent.delete(`/api/trades/${first.id}`),
      403,
      'Only the sender can cancel this offer',
    );
    expectError(await bob.agent.post('/api/trades/abc/accept'), 400);
    expectError(await bob.agent.post('/api/trades/99999999/accept'), 404);

    const declined = await bob.agent.post(`/api/trades/${first.id}/decline`);
    expect(declined.status).toBe(200);
    expect(declined.body).toMatchObject({ id: first.id, status: 'declined' });
    expectError(await alice.agent.delete(`/api/trades/${first.id}`), 409, 'This offer is no longer pending');

    const cancelled = await alice.agent.delete(`/api/trades/${second.id}`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ id: second.id, status: 'cancelled' });
    expectError(
      await bob.agent.post(`/api/trades/${second.id}/accept`),
      409,
      'This offer is no longer pending',
    );
    expect((await bob.agent.get('/api/trades/incoming')).body).toEqual([]);
    expect(await ownerOf(one!.id)).toBe(alice.id);
  });

  it('counter-offers: the recipient answers the other way, twice, and the last counter is accepted', async () => {
    const [alice, bob] = [await player('ctr.a'), await player('ctr.b')];
    const [mine] = await giveCards(alice.id);
    const [theirs] = await giveCards(bob.id);
    await grant(bob.id, 200);
    const first = (
      await alice.agent.post('/api/trades/create').send({ cardId: mine!.id, targetUser: bob.username })
    ).body as { id: number };
    expectError(
      await alice.agent.post(`/api/trades/${first.id}/counter`).send({ offeredCardIds: [mine!.id] }),
      403,
      'Only the recipient can counter this offer',
    );
    expectError(await bob.agent.post(`/api/trades/${first.id}/counter`).send({ coinOffer: -1 }), 400);
    const one = await bob.agent
      .post(`/api/trades/${first.id}/counter`)
      .set('Idempotency-Key', randomUUID())
      .send({
        offeredCardIds: [theirs!.id],
        requestedCardIds: [mine!.id],
        coinOffer: 200,
        note: 'plus coins',
      });
    expect(one.status, one.text).toBe(201);
    expect(one.body).toMatchObject({
      fromUser: { id: bob.id, username: bob.username },
      toUser: { id: alice.id },
      cards: [{ id: theirs!.id }],
      requestedCards: [{ id: mine!.id }],
      coinOffer: 200,
      counterOf: first.id,
      threadId: first.id,
      threadStep: 1,
      status: 'pending',
    });
    const two = await alice.agent
      .post(`/api/trades/${one.body.id as number}/counter`)
      .send({ offeredCardIds: [mine!.id], requestedCardIds: [theirs!.id], requestedCoins: 100 });
    expect(two.status, two.text).toBe(201);
    expect((await alice.agent.get('/api/trades/outgoing?status=countered')).body).toEqual([
      expect.objectContaining({ id: first.id, status: 'countered' }),
    ]);
    const accepted = await bob.agent.post(`/api/trades/${two.body.id as number}/accept`);
    expect(accepted.status, accepted.text).toBe(200);
    expect(await ownerOf(mine!.id)).toBe(bob.id);
    expect(await ownerOf(theirs!.id)).toBe(alice.id);
    expect(await coins(alice.id)).toBe(97);
    const thread = await alice.agent.get(`/api/trades/${first.id}/thread`);
    expect(thread.status).toBe(200);
    expect(
      (thread.body as { status: string; threadStep: number }[]).map((o) => [o.status, o.threadStep]),
    ).toEqual([
      ['countered', 0],
      ['countered', 1],
      ['accepted', 2],
    ]);
    const eve = await player('ctr.eve');
    expectError(await eve.agent.get(`/api/trades/${first.id}/thread`), 404, 'Trade offer not found');
  });

  it('refuses bad requests with a uniform {message}', async () => {
    const [alice, bob] = [await player('bad.a'), await player('bad.b')];
    const [card] = await giveCards(alice.id);
    const [theirs] = await giveCards(bob.id);
    const create = (body: Record<string, unknown>) => alice.agent.post('/api/trades/create').send(body);
    expectError(
      await create({ cardId: card!.id, targetUser: alice.username }),
      422,
      'You cannot trade with yourself',
    );
    expectError(await create({ cardId: card!.id, targetUser: 'no-such-user-xyz' }), 404, 'User not found');
    expectError(await create({ cardId: card!.id }), 400);
    expectError(await create({ targetUser: bob.username }), 400);
    expectError(await create({ cardId: card!.id, targetUser: bob.username, coinOffer: -5 }), 400);
    expectError(await create({ cardId: card!.id, targetUser: bob.username, coinOffer: '5' }), 400);
    expectError(
      await create({ cardId: card!.id, targetUser: bob.username, isAdmin: true }),
      400,
      'Unexpected field: isAdmin',
    );
    expectError(
      await create({ cardId: theirs!.id, targetUser: bob.username }),
      403,
      'You can only offer your own cards',
    );
    expectError(
      await create({ cardId: card!.id, targetUser: bob.username, coinOffer: 50 }),
      422,
      'Not enough coins',
    );
    expectError(await browser(baseUrl).get('/api/trades/incoming'), 401, 'Not signed in');
    expectError(await alice.agent.get('/api/trades/incoming?status=weird'), 400);
    expect(await ownerOf(card!.id)).toBe(alice.id);
  });

  it('an accept that cannot be paid: 422 with the reason, the offer stays pending with it', async () => {
    const [alice, bob] = [await player('pay.a'), await player('pay.b')];
    const [card] = await giveCards(alice.id);
    const { body: offer } = await alice.agent
      .post('/api/trades/create')
      .send({ cardId: card!.id, targetUser: bob.username, requestedCoins: 300 });
    expectError(await bob.agent.post(`/api/trades/${offer.id}/accept`), 422, 'Not enough coins');
    const [pending] = (await bob.agent.get('/api/trades/incoming')).body as {
      status: string;
      statusReason: string;
    }[];
    expect(pending).toMatchObject({ status: 'pending', statusReason: 'Not enough coins' });
    expect(await ownerOf(card!.id)).toBe(alice.id);
  });

  it('honours Idempotency-Key: the same create twice is one offer', async () => {
    const [alice, bob] = [await player('idem.a'), await player('idem.b')];
    const [card] = await giveCards(alice.id);
    const key = randomUUID();
    const send = () =>
      alice.agent
        .post('/api/trades/create')
        .set('Idempotency-Key', key)
        .send({ cardId: card!.id, targetUser: bob.username.toUpperCase() });
    const [first, second] = [await send(), await send()];
    expect(first.status).toBe(201);
    expect(second.body.id).toBe(first.body.id);
    expect((await bob.agent.get('/api/trades/incoming')).body).toHaveLength(1);
  });
});

describe('trade wishes through the gateway', () => {
  it('list a card, find it in the marketplace, make offers on it, the owner accepts one', async () => {
    const [owner, fan] = [await player('wish.owner'), await player('wish.fan')];
    const [listed] = await giveCards(owner.id, 1, 'Epic');
    const [mine] = await giveCards(fan.id);
    await grant(fan.id, 2000);

    const posted = await owner.agent
      .post('/api/tradewishes')
      .send({ cardId: listed!.id, desiredPosition: 'Forward', minimumCoins: 1000, notes: 'Strikers please' });
    expect(posted.status, posted.text).toBe(201);
    expect(posted.body).toMatchObject({
      id: expect.any(Number),
      userId: owner.id,
      username: owner.username,
      card: { id: listed!.id, player: { rarity: 'Epic' } },
      desiredRarity: null,
      desiredPosition: 'Forward',
      desiredTeamId: null,
      minimumCoins: 1000,
      notes: 'Strikers please',
      createdAt: expect.any(String),
    });
    const wishId = posted.body.id as number;

    const found = await fan.agent.get(`/api/tradewishes?user=${owner.username}&rarity=Epic&sort=value_desc`);
    expect(found.status).toBe(200);
    expect(found.body).toEqual([posted.body]);
    expect((await fan.agent.get(`/api/tradewishes?userId=${owner.id}&rarity=Common`)).body).toEqual([]);
    expect((await fan.agent.get('/api/tradewishes?user=nobody-at-all')).body).toEqual([]);
    expectError(await fan.agent.get('/api/tradewishes?sort=cheapest'), 400);
    expectError(await fan.agent.get('/api/tradewishes?owner=1'), 400, 'Unexpected field: owner');

    const offer = (body: Record<string, unknown>) => fan.agent.post('/api/trades/offer-for-wish').send(body);
    expectError(await offer({ wishId, offerType: 'coins', coinAmount: 0 }), 400, 'Invalid coin amount');
    // (expectError's leak check would flag the word "selected" as SQL.)
    const noCard = await offer({ wishId, offerType: 'card' });
    expect([noCard.status, noCard.body]).toEqual([400, { message: 'No card selected' }]);
    expectError(
      await offer({ wishId, offerType: 'coins', coinAmount: 999 }),
      422,
      'The minimum offer for this card is 1,000 coins',
    );
    expectError(await offer({ wishId, offerType: 'trade' }), 400);
    const byCard = await offer({ wishId, offerType: 'card', cardId: mine!.id });
    expect(byCard.status, byCard.text).toBe(201);
    expect(byCard.body).toMatchObject({
      card: { id: mine!.id },
      requestedCards: [{ id: listed!.id }],
      wishId,
      fromUser: { id: fan.id, username: fan.username },
      toUser: { id: owner.id, username: owner.username },
    });
    const byCoins = await offer({ wishId, offerType: 'coins', coinAmount: 1200, cardId: null });
    expect(byCoins.status, byCoins.text).toBe(201);
    expect(byCoins.body).toMatchObject({ card: null, cards: [], coinOffer: 1200, coinOfferAfterFee: 1170 });

    expect((await owner.agent.get('/api/trades/incoming/count')).body).toEqual({ count: 2 });
    const accepted = await owner.agent.post(`/api/trades/${byCoins.body.id}/accept`);
    expect(accepted.status, accepted.text).toBe(200);
    expect(await ownerOf(listed!.id)).toBe(fan.id);
    expect(await coins(owner.id)).toBe(1170);
    // The wish is fulfilled and the other offer on the same card is void.
    expect((await fan.agent.get(`/api/tradewishes?user=${owner.username}`)).body).toEqual([]);
    expect((await owner.agent.get('/api/trades/incoming/count')).body).toEqual({ count: 0 });
    expectError(await owner.agent.post(`/api/trades/${byCard.body.id}/accept`), 409);
  });

  it('removing a wish: only its owner; bad wish bodies are refused', async () => {
    const [owner, other] = [await player('rm.owner'), await player('rm.other')];
    const [card] = await giveCards(owner.id);
    const { body: wish } = await owner.agent.post('/api/tradewishes').send({ cardId: card!.id });
    expect(wish).toMatchObject({ desiredRarity: null, minimumCoins: null, notes: null });
    expectError(
      await owner.agent.post('/api/tradewishes').send({ cardId: card!.id }),
      409,
      'This card is already listed for trade',
    );
    expectError(
      await owner.agent.post('/api/tradewishes').send({ cardId: card!.id, desiredRarity: 'Mythic' }),
      400,
    );
    expectError(await owner.agent.post('/api/tradewishes').send({}), 400);
    expectError(await other.agent.delete(`/api/tradewishes/${wish.id}`), 403);
    const removed = await owner.agent.delete(`/api/tradewishes/${wish.id}`);
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ id: wish.id, status: 'cancelled' });
    expect((await other.agent.get(`/api/tradewishes?userId=${owner.id}`)).body).toEqual([]);
  });

  it('a muted user cannot post notes on a wish or an offer', async () => {
    const [muted, bob] = [await player('muted.one'), await player('muted.bob')];
    const [card] = await giveCards(muted.id);
    await services.identity.database.db('users').where({ id: muted.id }).update({ muted: true });
    expectError(
      await muted.agent.post('/api/tradewishes').send({ cardId: card!.id, notes: 'hi all' }),
      403,
      'Muted users cannot post notes',
    );
    expectError(
      await muted.agent
        .post('/api/trades/create')
        .send({ cardId: card!.id, targetUser: bob.username, note: 'hey' }),
      403,
      'Muted users cannot post notes',
    );
    expect((await muted.agent.post('/api/tradewishes').send({ cardId: card!.id })).status).toBe(201);
  });
});
