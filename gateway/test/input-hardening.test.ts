import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestService } from '@touchline/kit/testing';
import { browser, expectError, PASSWORD, uniqueEmail } from './support';
import { startTradeHarness, type TradeHarness } from './trade-harness';

/**
 * Issue 9, item 4: the attack's malformed-input findings, replayed through the gateway with the four
 * services behind it. Every one of them used to be a 500 from Postgres or a 201 for a team that does
 * not exist.
 */
let harness: TradeHarness | undefined;
let services: TradeHarness['services'];
let baseUrl: string;

beforeAll(async () => {
  harness = await startTradeHarness();
  ({ services, baseUrl } = harness);
});

afterAll(async () => {
  await harness?.close();
});

async function player(local: string) {
  const agent = browser(baseUrl);
  const res = await agent.post('/api/register').send({ email: uniqueEmail(local), password: PASSWORD });
  expect(res.status, res.text).toBe(201);
  const { id, username } = res.body as { id: number; username: string };
  return { agent, id, username, registered: res.body as Record<string, unknown> };
}

let supply = 0;
async function giveCard(userId: number): Promise<number> {
  const row = (await services.cards.database
    .db('cards')
    .where({ owner_id: 0 })
    .orderBy('id')
    .offset(supply++)
    .first('id')) as { id: number };
  await services.cards.database.db('cards').where({ id: row.id }).update({ owner_id: userId });
  return row.id;
}

const count = async (service: TestService, table: string) =>
  Number(((await service.database.db(table).count({ n: '*' })) as { n: string | number }[])[0]!.n);

describe('control characters in text fields (issue 9, item 4)', () => {
  it('a NUL in note, notes or code is a 400 {message} that names the field, and nothing is created', async () => {
    const [alice, bob] = [await player('nul.alice'), await player('nul.bob')];
    const [aliceCard, bobCard] = [await giveCard(alice.id), await giveCard(bob.id)];
    const before = { offers: await count(services.trading, 'trade_offers') };

    expectError(
      await alice.agent
        .post('/api/trades/create')
        .send({ cardId: aliceCard, targetUser: bob.username, note: 'hi\u0000there' }),
      400,
      'note: must not contain control characters',
    );

    const wish = await bob.agent.post('/api/tradewishes').send({ cardId: bobCard, notes: 'swap?' });
    expect(wish.status, wish.text).toBe(201);
    expectError(
      await alice.agent.post('/api/trades/offer-for-wish').send({
        wishId: (wish.body as { id: number }).id,
        offerType: 'card',
        cardId: aliceCard,
        note: '\u0000',
      }),
      400,
      'note: must not contain control characters',
    );
    expect(await count(services.trading, 'trade_offers')).toBe(before.offers);

    expectError(
      await alice.agent.post('/api/tradewishes').send({ cardId: aliceCard, notes: 'a\u0000b' }),
      400,
      'notes: must not contain control characters',
    );
    expect(await services.trading.database.db('trade_wishes').where({ card_id: aliceCard })).toEqual([]);

    expectError(
      await alice.agent.post('/api/promo/redeem').send({ code: 'WELCOME\u00002026' }),
      400,
      'code: must not contain control characters',
    );
  });

  it('other controls (ESC, DEL, C1) are refused anywhere; line breaks and tabs only in multi-line notes', async () => {
    const [alice, bob] = [await player('ctl.alice'), await player('ctl.bob')];
    const aliceCard = await giveCard(alice.id);
    for (const bad of ['\u001b[31m', 'x\u007f', 'x\u0085']) {
      expectError(await alice.agent.post('/api/promo/redeem').send({ code: bad }), 400);
    }
    expectError(
      await alice.agent.post('/api/user/username').send({ username: 'line\nbreak' }),
      400,
      'username: must not contain control characters',
    );
    expectError(
      await alice.agent
        .post('/api/trades/create')
        .send({ cardId: aliceCard, targetUser: `${bob.username}\n` }),
      400,
      'targetUser: must not contain control characters',
    );
    const created = await alice.agent
      .post('/api/trades/create')
      .send({ cardId: aliceCard, targetUser: bob.username, note: 'Line one\r\nLine two\twith a tab' });
    expect(created.status, created.text).toBe(201);
    expect((created.body as { note: string }).note).toBe('Line one\r\nLine two\twith a tab');
  });

  it('the query string is checked too, and so are field names and nested values', async () => {
    const alice = await player('ctl.query');
    expectError(
      await alice.agent.get('/api/tradewishes').query({ search: 'a\u0000' }),
      400,
      'search: must not contain control characters',
    );
    expectError(
      await alice.agent.post('/api/trades/create').send({ ['cardId\u0000']: 1 }),
      400,
      'a field name: must not contain control characters',
    );
    expectError(
      await alice.agent.post('/api/trades/create').send({ cardId: 1, requestedCardIds: ['\u0000'] }),
      400,
      'requestedCardIds[0]: must not contain control characters',
    );
  });
});

describe('ids a body carries must exist (issue 9, item 4)', () => {
  it('POST /api/tradewishes with a desiredTeamId that does not exist: 404 and no wish', async () => {
    const alice = await player('wish.team');
    const card = await giveCard(alice.id);
    const res = await alice.agent.post('/api/tradewishes').send({ cardId: card, desiredTeamId: 999_999 });
    expectError(res, 404, 'Team not found');
    expect(await services.trading.database.db('trade_wishes').where({ card_id: card })).toEqual([]);
  });

  it('unknown cards, users, wishes, packs, coin packages, payment intents and teams are 4xx, never 201 or 500', async () => {
    const [alice, bob] = [await player('ids.alice'), await player('ids.bob')];
    const card = await giveCard(alice.id);
    const missing = 2_000_000_000;
    const expect4xx = (res: { status: number; text: string }) => {
      expect(res.status, res.text).toBeGreaterThanOrEqual(400);
      expect(res.status, res.text).toBeLessThan(500);
    };
    expectError(
      await alice.agent.post('/api/trades/create').send({ cardId: missing, targetUser: bob.username }),
      404,
    );
    expectError(
      await alice.agent
        .post('/api/trades/create')
        .send({ cardId: card, targetUser: bob.username, requestedCardIds: [missing] }),
      404,
    );
    expectError(
      await alice.agent.post('/api/trades/create').send({ cardId: card, targetUser: 'nobody-by-this-name' }),
      404,
    );
    expectError(
      await alice.agent
        .post('/api/trades/offer-for-wish')
        .send({ wishId: missing, offerType: 'coins', coinAmount: 10 }),
      404,
    );
    expectError(await alice.agent.post('/api/tradewishes').send({ cardId: missing }), 404);
    expect4xx(await alice.agent.post('/api/packs/purchase').send({ packId: missing }));
    expect4xx(await alice.agent.post('/api/create-payment-intent').send({ amount: 5, packageId: 'no-such' }));
    expect4xx(await alice.agent.post('/api/payment/success').send({ paymentIntentId: 'pi_does_not_exist' }));
    expectError(await alice.agent.post('/api/user/favorite-team').send({ teamId: missing }), 404);
    expect(await services.trading.database.db('trade_offers').where({ from_user_id: alice.id })).toEqual([]);
  });
});

describe('POST /api/register answers the user as GET /api/user does (issue 9, item 4)', () => {
  it('the same fields, coins included', async () => {
    const alice = await player('shape');
    const me = await alice.agent.get('/api/user');
    expect(me.status).toBe(200);
    expect(Object.keys(alice.registered).sort()).toEqual(Object.keys(me.body as object).sort());
    expect(alice.registered).toMatchObject({ id: alice.id, coins: expect.any(Number) });
    expect(alice.registered).toHaveProperty('cardCount');
  });
});
