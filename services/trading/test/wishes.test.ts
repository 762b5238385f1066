import { status } from '@grpc/grpc-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, failure, key, startTrading, wishRequest, type TradingHarness } from './support';

let h: TradingHarness;

beforeAll(async () => {
  h = await startTrading();
});
afterAll(async () => {
  await h?.stop();
});

const wish = (userId: number, cardId: number, prefs: Record<string, unknown> = {}) =>
  h.client.CreateWish(wishRequest(userId, cardId, prefs));

const offerOn = (userId: number, wishId: number, terms: Record<string, unknown>) =>
  h.client.MakeOfferForWish({
    userId,
    wishId,
    offerType: '',
    cardId: 0,
    coinAmount: 0,
    note: '',
    idempotencyKey: key(),
    ...terms,
  });

const wishStatus = async (id: number) =>
  ((await h.trading.database.db('trade_wishes').where({ id }).first('status')) as { status: string }).status;

describe('the wish flow', () => {
  it('A lists a card, B offers a card on it, A accepts: the cards swap and the wish is fulfilled', async () => {
    const [a, b] = [await h.user('wisher'), await h.user('answerer')];
    const [listed] = await h.giveCards(a);
    const [offered] = await h.giveCards(b);
    const { wish: posted } = await wish(a, listed!.id, {
      desiredRarity: 'Common',
      desiredPosition: 'Forward',
      minimumCoins: 500,
      notes: '  Looking for strikers  ',
    });
    expect(posted).toMatchObject({
      userId: a,
      cardId: listed!.id,
      desiredRarity: 'Common',
      desiredPosition: 'Forward',
      desiredTeamId: 0,
      minimumCoins: 500,
      notes: 'Looking for strikers',
      status: 'open',
      rarity: 'Common',
      playerId: listed!.playerId,
      playerName: expect.any(String),
    });
    expect(await h.events('trading.wish.created', String(posted!.id))).toMatchObject([
      { wishId: posted!.id, userId: a, cardId: listed!.id },
    ]);
    expect((await h.client.ListWishes({ userId: b, ownerUserId: a })).wishes.map((w) => w.id)).toEqual([
      posted!.id,
    ]);

    const { offer } = await offerOn(b, posted!.id, { offerType: 'card', cardId: offered!.id });
    expect(offer).toMatchObject({
      fromUserId: b,
      toUserId: a,
      offeredCardIds: [offered!.id],
      requestedCardIds: [listed!.id],
      offeredCoins: 0,
      wishId: posted!.id,
      status: 'pending',
    });
    await h.client.AcceptOffer({ userId: a, offerId: offer!.id, idempotencyKey: key() });
    expect(await h.ownerOf(listed!.id)).toBe(b);
    expect(await h.ownerOf(offered!.id)).toBe(a);
    expect(await wishStatus(posted!.id)).toBe('fulfilled');
    expect((await h.client.ListWishes({ userId: b, ownerUserId: a })).wishes).toEqual([]);
    expect(await h.events('trading.trade.accepted', String(offer!.id))).toMatchObject([
      { wishId: posted!.id },
    ]);
  });

  it('coins on a wish: at least the minimum, the owner receives 97.5%', async () => {
    const [a, b] = [await h.user('pricey'), await h.user('payer')];
    const [listed] = await h.giveCards(a);
    await h.grant(b, 1000);
    const { wish: posted } = await wish(a, listed!.id, { minimumCoins: 500 });
    expect(await failure(offerOn(b, posted!.id, { offerType: 'coins', coinAmount: 0 }))).toMatchObject({
      code: status.INVALID_ARGUMENT,
      details: 'Invalid coin amount',
    });
    expect(await failure(offerOn(b, posted!.id, { offerType: 'coins', coinAmount: 499 }))).toMatchObject({
      code: status.FAILED_PRECONDITION,
      details: 'The minimum offer for this card is 500 coins',
    });
    expect(await failure(offerOn(b, posted!.id, { offerType: 'card' }))).toMatchObject({
      code: status.INVALID_ARGUMENT,
      details: 'No card selected',
    });
    expect(await failure(offerOn(a, posted!.id, { offerType: 'coins', coinAmount: 600 }))).toMatchObject({
      code: status.FAILED_PRECONDITION,
      details: 'You cannot trade with yourself',
    });
    const { offer } = await offerOn(b, posted!.id, { offerType: 'coins', coinAmount: 600 });
    expect(offer).toMatchObject({
      offeredCoins: 600,
      offeredCoinsAfterFee: 585,
      requestedCardIds: [listed!.id],
    });
    await h.client.AcceptOffer({ userId: a, offerId: offer!.id, idempotencyKey: key() });
    expect(await h.ownerOf(listed!.id)).toBe(b);
    expect(await h.balance(a)).toEqual({ coins: 585, held: 0 });
    expect(await h.balance(b)).toEqual({ coins: 400, held: 0 });
    expect(await wishStatus(posted!.id)).toBe('fulfilled');
    expect(await failure(offerOn(b, posted!.id, { offerType: 'coins', coinAmount: 600 }))).toMatchObject({
      code: status.ALREADY_EXISTS,
      details: 'This trade listing is no longer open',
    });
    await h.audit();
  });
});

describe('a retried offer on a wish', () => {
  it('answers the offer its key made, also after the wish closed in between', async () => {
    const [a, b, c] = [await h.user('closing'), await h.user('retrier'), await h.user('quicker')];
    const [listed] = await h.giveCards(a);
    await h.grant(b, 1000);
    await h.grant(c, 1000);
    const { wish: posted } = await wish(a, listed!.id, { minimumCoins: 100 });
    const retried = key();
    // The first answer was lost on its way back (a gateway restart): the offer exists.
    const { offer } = await offerOn(b, posted!.id, {
      offerType: 'coins',
      coinAmount: 300,
      idempotencyKey: retried,
    });
    const { offer: other } = await offerOn(c, posted!.id, { offerType: 'coins', coinAmount: 400 });
    await h.client.AcceptOffer({ userId: a, offerId: other!.id, idempotencyKey: key() });
    expect(await wishStatus(posted!.id)).toBe('fulfilled');
    const again = await offerOn(b, posted!.id, {
      offerType: 'coins',
      coinAmount: 300,
      idempotencyKey: retried,
    });
    expect(again.offer).toMatchObject({ id: offer!.id, wishId: posted!.id, offeredCoins: 300 });
    expect(await failure(offerOn(b, posted!.id, { offerType: 'coins', coinAmount: 300 }))).toMatchObject({
      code: status.ALREADY_EXISTS,
      details: 'This trade listing is no longer open',
    });
  });
});

describe('posting and removing a wish', () => {
  it("refuses someone else's card, a listed card, a second wish on a card, unknown rarities; idempotent", async () => {
    const [a, b] = [await h.user('poster'), await h.user('nosy')];
    const [card, listedCard] = await h.giveCards(a, 2);
    expect(await failure(wish(b, card!.id))).toMatchObject({
      code: status.PERMISSION_DENIED,
      details: 'You can only list your own cards for trade',
    });
    await h.peers.cards.SellCard({
      userId: a,
      cardId: listedCard!.id,
      price: listedCard!.price,
      idempotencyKey: key(),
    });
    expect(await failure(wish(a, listedCard!.id))).toMatchObject({
      code: status.FAILED_PRECONDITION,
      details: 'Cards listed for sale cannot be listed for trade',
    });
    expect(await failure(wish(a, card!.id, { desiredRarity: 'Mythic' }))).toMatchObject({
      code: status.INVALID_ARGUMENT,
    });
    const idempotencyKey = key();
    const [one, two] = await Promise.all([
      wish(a, card!.id, { idempotencyKey }),
      wish(a, card!.id, { idempotencyKey }),
    ]);
    expect(two.wish!.id).toBe(one.wish!.id);
    expect(await failure(wish(a, card!.id))).toMatchObject({
      code: status.ALREADY_EXISTS,
      details: 'This card is already listed for trade',
    });
  });

  it('issue 9: a desired team that cards-market does not know is NOT_FOUND and creates nothing', async () => {
    const a = await h.user('teamless');
    const [card] = await h.giveCards(a);
    const { teams } = await h.peers.cards.ListTeams({});
    const missing = Math.max(...teams.map((t) => t.id)) + 1000;
    expect(await failure(wish(a, card!.id, { desiredTeamId: missing }))).toMatchObject({
      code: status.NOT_FOUND,
      details: 'Team not found',
    });
    expect(await h.trading.database.db('trade_wishes').where({ card_id: card!.id })).toEqual([]);
    const { wish: posted } = await wish(a, card!.id, { desiredTeamId: teams[0]!.id });
    expect(posted).toMatchObject({ desiredTeamId: teams[0]!.id, status: 'open' });
  });

  it('a muted user cannot post notes on a wish', async () => {
    const muted = await h.user('hushed');
    const [card] = await h.giveCards(muted);
    await h.identity.database.db('users').where({ id: muted }).update({ muted: true });
    expect(await failure(wish(muted, card!.id, { notes: 'please' }))).toMatchObject({
      code: status.PERMISSION_DENIED,
      details: 'Muted users cannot post notes',
    });
    expect((await wish(muted, card!.id)).wish).toMatchObject({ status: 'open', notes: '' });
  });

  it('only the owner removes a wish; a repeat answers the same', async () => {
    const [a, b] = [await h.user('remover'), await h.user('meddler')];
    const [card] = await h.giveCards(a);
    const { wish: posted } = await wish(a, card!.id);
    expect(
      await failure(h.client.CancelWish({ userId: b, wishId: posted!.id, idempotencyKey: key() })),
    ).toMatchObject({ code: status.PERMISSION_DENIED });
    expect(
      await failure(h.client.CancelWish({ userId: a, wishId: 987_654, idempotencyKey: key() })),
    ).toMatchObject({ code: status.NOT_FOUND });
    for (let i = 0; i < 2; i++)
      expect(
        (await h.client.CancelWish({ userId: a, wishId: posted!.id, idempotencyKey: key() })).wish,
      ).toMatchObject({ status: 'cancelled' });
    // The card can be listed for trade again.
    expect((await wish(a, card!.id)).wish).toMatchObject({ status: 'open' });
  });

  it('a wish closes when its card is listed for sale or traded away', async () => {
    const [a, b] = [await h.user('fickle'), await h.user('taker')];
    const [sold, traded] = await h.giveCards(a, 2);
    const { wish: onSold } = await wish(a, sold!.id);
    const { wish: onTraded } = await wish(a, traded!.id);
    await h.peers.cards.SellCard({ userId: a, cardId: sold!.id, price: sold!.price, idempotencyKey: key() });
    await eventually(async () => expect(await wishStatus(onSold!.id)).toBe('voided'));

    const { offer } = await h.client.CreateOffer({
      userId: a,
      toUserId: b,
      offeredCardIds: [traded!.id],
      offeredCoins: 0,
      requestedCardIds: [],
      requestedCoins: 0,
      note: '',
      idempotencyKey: key(),
    });
    await h.client.AcceptOffer({ userId: b, offerId: offer!.id, idempotencyKey: key() });
    expect(await wishStatus(onTraded!.id)).toBe('voided');
  });
});

describe('the trade marketplace list', () => {
  it('filters by name, rarity, position, team and owner; sorts newest, by rarity and by value', async () => {
    const owner = await h.user('collector');
    const given = [
      ...(await h.giveCards(owner, 1, 'Common')),
      ...(await h.giveCards(owner, 1, 'Epic')),
      ...(await h.giveCards(owner, 1, 'Legendary')),
    ];
    const ids: number[] = [];
    for (const card of given) ids.push((await wish(owner, card.id)).wish!.id);
    const list = async (filters: Record<string, unknown>) =>
      (
        await h.client.ListWishes({
          userId: owner,
          search: '',
          rarity: '',
          position: '',
          teamId: 0,
          ownerUserId: owner,
          sort: '',
          ...filters,
        })
      ).wishes;

    const all = await list({});
    expect(all.map((w) => w.id)).toEqual([...ids].reverse());
    expect((await list({ sort: 'rarity' })).map((w) => w.rarity)).toEqual(['Legendary', 'Epic', 'Common']);
    const byValue = [...given].sort((x, y) => y.price - x.price).map((c) => c.id);
    expect((await list({ sort: 'value_desc' })).map((w) => w.cardId)).toEqual(byValue);
    expect((await list({ sort: 'value_asc' })).map((w) => w.cardId)).toEqual([...byValue].reverse());
    expect((await list({ rarity: 'Epic' })).map((w) => w.cardId)).toEqual([given[1]!.id]);

    const legendary = all.find((w) => w.rarity === 'Legendary')!;
    const part = legendary.playerName.slice(1, 5).toUpperCase();
    expect((await list({ search: part })).map((w) => w.id)).toContain(legendary.id);
    expect((await list({ search: '%' })).length).toBe(0);
    expect((await list({ position: legendary.position })).map((w) => w.id)).toContain(legendary.id);
    expect((await list({ teamId: legendary.teamId })).map((w) => w.id)).toContain(legendary.id);
    expect(await list({ ownerUserId: 987_654 })).toEqual([]);
    expect(await failure(list({ sort: 'cheapest' }))).toMatchObject({ code: status.INVALID_ARGUMENT });
  });
});
