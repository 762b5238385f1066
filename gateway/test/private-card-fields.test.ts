import type { Response } from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { allRoutes, PRIVATE_CARD_FIELDS } from '@touchline/contract';
import { eventually, startEveryService, type EveryService, type Player } from './every-service';

// Seven real services behind the gateway on a machine shared with other work: slow to start, not timed.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 300_000 });

/**
 * Every place an answer shows a card that is not the caller's (or a sale that was not the caller's)
 * where the owner's private fields would be: what they paid, their profit or loss, when they got it.
 */
function leaks(body: unknown, viewer: number, at = '$'): string[] {
  if (Array.isArray(body)) return body.flatMap((item, i) => leaks(item, viewer, `${at}[${i}]`));
  if (body === null || typeof body !== 'object') return [];
  const record = body as Record<string, unknown>;
  const found: string[] = [];
  const isCard = 'editionNumber' in record && 'player' in record;
  if (isCard && record.userId !== viewer)
    for (const field of PRIVATE_CARD_FIELDS)
      if (field in record) found.push(`${at}.${field} (card ${String(record.id)})`);
  // A history row: a sale's profit or loss is the seller's own business.
  if (
    'sellerUserId' in record &&
    record.sellerUserId !== viewer &&
    record.profitLoss !== null &&
    'profitLoss' in record
  )
    found.push(`${at}.profitLoss (seller ${String(record.sellerUserId)})`);
  for (const [name, value] of Object.entries(record)) found.push(...leaks(value, viewer, `${at}.${name}`));
  return found;
}

let h: EveryService;
/** Owns the cards in question: bought, listed, wished away, offered and sold. */
let owner: Player;
/** Looks at them. */
let viewer: Player;
/** Every answer the viewer or the owner got, named by route, with who was asking. */
const answers: { name: string; res: Response; caller: Player }[] = [];
const answer = (name: string) => answers.find((a) => a.name === name)!.res.body as unknown;

const price = async (cardId: number) =>
  (await h.peers.cards.GetCardsByIds({ cardIds: [cardId] })).cards[0]!.player!.currentPrice;

beforeAll(async () => {
  h = await startEveryService();
  [owner, viewer] = await Promise.all([h.player('owner'), h.player('viewer')]);
  const record = (name: string, caller: Player, res: Response) => {
    expect(res.status, `${name}: ${res.text}`).toBeLessThan(300);
    answers.push({ name, res, caller });
    return res.body as { id: number };
  };

  // The owner's cards carry a purchase price, a profit and a date: bought from the market, or minted.
  const [listed, sold, wished, offered, kept, forWish] = await h.mint(owner.id, 6);
  const [viewerCard, viewerCard2, viewerCard3] = await h.mint(viewer.id, 3);
  for (const id of [listed!, sold!])
    record(
      'POST /api/market/sell/:id',
      owner,
      await owner.agent.post(`/api/market/sell/${id}`).send({ price: await price(id) }),
    );
  // A sale to the viewer: a history row with the owner's profit.
  await h.peers.wallet.Grant({
    idempotencyKey: `viewer-${viewer.id}`,
    userId: viewer.id,
    amount: 100_000,
    reason: 'test',
  });
  record(
    'POST /api/market/buy/:id',
    viewer,
    await viewer.agent.post(`/api/market/buy/${sold}`).send({ expectedPrice: await price(sold!) }),
  );
  const wishId = record(
    'POST /api/tradewishes',
    owner,
    await owner.agent.post('/api/tradewishes').send({ cardId: wished }),
  ).id;

  // Offers both ways, each side asking for a card of the other.
  const toViewer = () =>
    owner.agent
      .post('/api/trades/create')
      .send({ cardId: offered, targetUser: viewer.username, requestedCardIds: [viewerCard] });
  const [declined, accepted] = [
    record('POST /api/trades/create', owner, await toViewer()).id,
    record(
      'POST /api/trades/create',
      owner,
      await owner.agent
        .post('/api/trades/create')
        .send({ cardId: forWish, targetUser: viewer.username, requestedCardIds: [viewerCard2] }),
    ).id,
  ];
  const toOwner = record(
    'POST /api/trades/create (to the owner)',
    viewer,
    await viewer.agent
      .post('/api/trades/create')
      .send({ cardId: viewerCard3, targetUser: owner.username, requestedCardIds: [kept] }),
  ).id;
  record(
    'POST /api/trades/offer-for-wish',
    viewer,
    await viewer.agent
      .post('/api/trades/offer-for-wish')
      .send({ wishId, offerType: 'coins', coinAmount: 100 }),
  );
  // The viewer looks at open offers before they end, then ends them.
  record('GET /api/trades/incoming (pending)', viewer, await viewer.agent.get('/api/trades/incoming'));
  record('GET /api/trades/outgoing (pending)', owner, await owner.agent.get('/api/trades/outgoing'));
  record(
    'POST /api/trades/:id/decline',
    viewer,
    await viewer.agent.post(`/api/trades/${declined}/decline`).send({}),
  );
  record(
    'POST /api/trades/:id/accept',
    viewer,
    await viewer.agent.post(`/api/trades/${accepted}/accept`).send({}),
  );
  record('DELETE /api/trades/:id', viewer, await viewer.agent.delete(`/api/trades/${toOwner}`));
  // The trade and the sale reach the history by events.
  await eventually(async () => {
    const rows = (await viewer.agent.get('/api/trade-history/user')).body as {
      tradeType: string;
      cardId: number;
    }[];
    expect(rows.map((r) => r.cardId)).toEqual(expect.arrayContaining([sold, forWish]));
  });

  // An auction of the owner's with a bid of the viewer's: the auction's answers show the card's public face.
  const [auctioned] = await h.mint(owner.id, 1);
  const auctionId = record(
    'POST /api/auctions',
    owner,
    await owner.agent
      .post('/api/auctions')
      .send({ cardId: auctioned, startPrice: await price(auctioned!), duration: '1h' }),
  ).id;
  record(
    'POST /api/auctions/:id/bids',
    viewer,
    await viewer.agent.post(`/api/auctions/${auctionId}/bids`).send({ amount: await price(auctioned!) }),
  );

  // A squad challenge an admin made: its page shows no card of anyone's.
  const curator = await h.admin('curator');
  const challenge = await curator.agent
    .post('/api/admin/challenges')
    .send({ title: 'Any one card', cardCount: 1, rewardCoins: 10 });
  expect(challenge.status, challenge.text).toBe(200);

  // Every GET of the contract (the admin's excepted: admins see everything), as the viewer.
  const paths: Record<string, string> = {
    '/api/auctions/:id': `/api/auctions/${auctionId}`,
    '/api/challenges/:id': `/api/challenges/${(challenge.body as { id: number }).id}`,
    '/api/teams/:id/players': '/api/teams/1/players',
    '/api/market/players/:id/history': `/api/market/players/1/history`,
    '/api/trades/users/:id/cards': `/api/trades/users/${owner.id}/cards`,
    '/api/trades/incoming': '/api/trades/incoming?status=all',
    '/api/trades/outgoing': '/api/trades/outgoing?status=all',
    // A negotiation between the two: both are its parties.
    '/api/trades/:id/thread': `/api/trades/${declined}/thread`,
  };
  for (const route of gets()) {
    const path = paths[route.path] ?? route.path;
    for (const caller of [viewer, owner])
      record(
        `GET ${route.path} as ${caller === viewer ? 'viewer' : 'owner'}`,
        caller,
        await caller.agent.get(path),
      );
  }
});
afterAll(async () => {
  await h?.stop();
});

/** The contract's reads a player may call (a stream and the OpenAPI document hold no cards). */
const gets = () =>
  allRoutes.filter(
    (r) =>
      r.method === 'get' &&
      !r.path.startsWith('/api/admin') &&
      !r.eventStream &&
      r.path !== '/api/openapi.json',
  );

describe("another player's card shows its public face only", () => {
  it('walks every read of the contract and every answer that shows the other side of a trade', () => {
    const walked = answers.map((a) => a.name);
    for (const route of gets()) expect(walked).toContain(`GET ${route.path} as viewer`);
    for (const name of [
      'POST /api/trades/create',
      'POST /api/trades/offer-for-wish',
      'POST /api/trades/:id/decline',
      'POST /api/trades/:id/accept',
      'DELETE /api/trades/:id',
    ])
      expect(walked).toContain(name);
  });

  it('the answers do show cards of the other player and sales by the other player', () => {
    const shown = (name: string, caller: Player) => {
      const body = answer(name);
      return JSON.stringify(body).includes(`"userId":${caller === viewer ? owner.id : viewer.id}`);
    };
    expect(shown('GET /api/tradewishes as viewer', viewer)).toBe(true);
    expect(shown('GET /api/market as viewer', viewer)).toBe(true);
    expect(shown('GET /api/trades/incoming as viewer', viewer)).toBe(true);
    expect(shown('GET /api/trades/outgoing as owner', owner)).toBe(true);
    expect(shown('GET /api/trades/users/:id/cards as viewer', viewer)).toBe(true);
    const history = answer('GET /api/trade-history as viewer') as { sellerUserId: number }[];
    expect(history.map((r) => r.sellerUserId)).toContain(owner.id);
  });

  it('no answer carries what another player paid, made or when they got a card', () => {
    const found = answers.flatMap(({ name, res, caller }) =>
      leaks(res.body, caller.id).map((leak) => `${name}: ${leak}`),
    );
    expect(found).toEqual([]);
  });

  it("the owner still sees their own card's private fields, and their own profit in the history", () => {
    const own = answer('GET /api/user/cards as owner') as Record<string, unknown>[];
    expect(own.length).toBeGreaterThan(0);
    for (const card of own) for (const field of PRIVATE_CARD_FIELDS) expect(card).toHaveProperty(field);
    const history = answer('GET /api/trade-history/user as owner') as {
      sellerUserId: number;
      salePrice: number;
      profitLoss: number | null;
    }[];
    const sale = history.find((r) => r.sellerUserId === owner.id && r.salePrice > 0);
    expect(sale?.profitLoss).toEqual(expect.any(Number));
  });
});
