import { randomUUID } from 'node:crypto';
import type { Response } from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { allRoutes, type RouteDef } from '@touchline/contract';
import { KEY_USED_FOR_ANOTHER_REQUEST } from '@touchline/kit';
import { addPromoCode } from '../../services/wallet-payments/test/promo-support';
import {
  eventually,
  PASSWORD,
  startEveryService,
  type Agent,
  type EveryService,
  type Player,
} from './every-service';
import { browser, expectError, uniqueEmail } from './support';

// Seven real services behind the gateway on a machine shared with other work: slow to start, not timed.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 300_000 });

/** One request of a route, sent with the given Idempotency-Key. */
type Send = (agent: Agent, key: string) => Promise<Response>;

interface Requests {
  /** The request the user sends, then retries. */
  same: Send;
  /** Another request of the same route (another body or path), sent with the same key; none when the route has only one. */
  other?: Send;
  /** Checks that an answer is about this user's own operation. */
  mine?: (body: never) => void;
}

interface Case {
  route: RouteDef;
  who: 'player' | 'admin' | 'anonymous';
  /** What `user` needs for its requests (cards, offers, intents …), made with fresh keys. */
  prepare(user: Player): Promise<Requests>;
}

let h: EveryService;
/** The other side of trades, wishes and notifications for everyone. */
let partner: Player;
const players: Record<'a' | 'b', Player> = {} as never;
const admins: Record<'a' | 'b', Player> = {} as never;
/** Matchdays made for the results import's cases, each with a round of its own. */
let importedMatchdays = 0;

beforeAll(async () => {
  h = await startEveryService();
  [partner, players.a, players.b, admins.a, admins.b] = await Promise.all([
    h.player('partner'),
    h.player('alice'),
    h.player('bob'),
    h.admin('chief'),
    h.admin('deputy'),
  ]);
  await addPromoCode(h.wallet.database.db, { code: 'SCOPED100', coins: 100 });
});
afterAll(async () => {
  await h?.stop();
});

const ok = (res: Response) => {
  expect(res.status, res.text).toBeLessThan(300);
  return res.body as Record<string, unknown> & { id: number };
};
const fresh = () => randomUUID();

/** An open challenge of any one card, made by `admin` through the gateway. */
async function newChallenge(admin: Player): Promise<number> {
  const res = await admin.agent
    .post('/api/admin/challenges')
    .set('Idempotency-Key', fresh())
    .send({ title: `Any card ${fresh().slice(0, 8)}`, cardCount: 1, rewardCoins: 10 });
  expect(res.status, res.text).toBe(200);
  return (res.body as { id: number }).id;
}
const grant = (userId: number, amount: number) =>
  h.peers.wallet.Grant({ idempotencyKey: fresh(), userId, amount, reason: 'test' });

async function priceOf(cardId: number): Promise<number> {
  const { cards } = await h.peers.cards.GetCardsByIds({ cardIds: [cardId] });
  return cards[0]!.player!.currentPrice;
}
async function listed(user: Player, cardId: number): Promise<void> {
  ok(await user.agent.post(`/api/market/sell/${cardId}`).send({ price: await priceOf(cardId) }));
}
async function offer(from: Player, to: Player): Promise<number> {
  const [cardId] = await h.mint(from.id, 1);
  return ok(await from.agent.post('/api/trades/create').send({ cardId, targetUser: to.username })).id;
}
async function wish(user: Player): Promise<number> {
  const [cardId] = await h.mint(user.id, 1);
  return ok(await user.agent.post('/api/tradewishes').send({ cardId })).id;
}
async function intent(user: Player): Promise<string> {
  const body = ok(
    await user.agent.post('/api/create-payment-intent').send({ packageId: 'rare-roll', amount: 20 }),
  );
  return body.paymentIntentId as string;
}
const CARD_OK = { cardNumber: '4242 4242 4242 4242', expMonth: 12, expYear: 2034, cvc: '123' };
const CARD_3DS = { ...CARD_OK, cardNumber: '4000 0025 0000 3155' };

let marketTaken = 0;
/** A card the market itself still holds that no other case buys. */
async function marketCard(): Promise<{ id: number; price: number }> {
  const row = (await h.cards.database
    .db('cards as k')
    .join('players as p', 'p.id', 'k.player_id')
    .where({ 'k.owner_id': 0 })
    .whereNull('k.reserved_by')
    .orderBy('p.current_price')
    .orderBy('k.id')
    .offset(marketTaken++)
    .first('k.id', 'p.current_price')) as { id: number; current_price: number };
  return { id: row.id, price: Number(row.current_price) };
}
/** A pending cash-out request of a player who paid $60 in. */
async function pendingCashout(): Promise<number> {
  const rich = await h.account('rich');
  for (let i = 0; i < 3; i++) await h.buy(rich);
  const { cashout } = await h.peers.wallet.RequestCashout({
    userId: rich,
    coinsAmount: 13_000,
    paypalEmail: 'rich@paypal.example',
    idempotencyKey: fresh(),
  });
  return cashout!.id;
}
const ownCard = (user: Player) => (body: { card: { userId: number } }) =>
  expect(body.card.userId).toBe(user.id);

/** Five cards for a lineup (goalkeeper, defender, midfielder, forward, forward) minted to the user. */
async function lineupCards(userId: number): Promise<number[]> {
  const { entries } = await h.peers.cards.GetCatalog({ userId: 0 });
  const ids: number[] = [];
  const players: number[] = [];
  for (const position of ['Goalkeeper', 'Defender', 'Midfielder', 'Forward', 'Forward']) {
    const player = entries.find(
      (e) =>
        e.player!.position === position && e.player!.rarity === 'Common' && !players.includes(e.player!.id),
    )!.player!;
    players.push(player.id);
    const { cards } = await h.peers.cards.MintCards({
      userId,
      reason: 'admin',
      specs: [{ playerId: player.id, quantity: 1 }],
      idempotencyKey: fresh(),
    });
    ids.push(cards[0]!.id);
  }
  return ids;
}

const api = Object.fromEntries(allRoutes.map((r) => [`${r.method.toUpperCase()} ${r.path}`, r]));

const cases: Case[] = [
  {
    route: api['POST /api/register']!,
    who: 'anonymous',
    async prepare() {
      const [email, otherEmail] = [uniqueEmail('signup'), uniqueEmail('signup')];
      return {
        same: (agent, key) =>
          agent.post('/api/register').set('Idempotency-Key', key).send({ email, password: PASSWORD }),
        other: (agent, key) =>
          agent
            .post('/api/register')
            .set('Idempotency-Key', key)
            .send({ email: otherEmail, password: PASSWORD }),
      };
    },
  },
  {
    route: api['POST /api/market/sell/:id']!,
    who: 'player',
    async prepare(user) {
      const [cardId] = await h.mint(user.id, 1);
      const price = await priceOf(cardId!);
      return {
        same: (agent, key) =>
          agent.post(`/api/market/sell/${cardId}`).set('Idempotency-Key', key).send({ price }),
        other: (agent, key) =>
          agent
            .post(`/api/market/sell/${cardId}`)
            .set('Idempotency-Key', key)
            .send({ price: price + 1 }),
        mine: ownCard(user),
      };
    },
  },
  {
    route: api['POST /api/market/withdraw/:id']!,
    who: 'player',
    async prepare(user) {
      const [one, two] = await h.mint(user.id, 2);
      await listed(user, one!);
      await listed(user, two!);
      return {
        same: (agent, key) => agent.post(`/api/market/withdraw/${one}`).set('Idempotency-Key', key).send({}),
        other: (agent, key) => agent.post(`/api/market/withdraw/${two}`).set('Idempotency-Key', key).send({}),
        mine: ownCard(user),
      };
    },
  },
  {
    route: api['POST /api/market/reprice/:id']!,
    who: 'player',
    async prepare(user) {
      const [cardId] = await h.mint(user.id, 1);
      await listed(user, cardId!);
      const price = await priceOf(cardId!);
      const send = (to: number) => (agent: Agent, key: string) =>
        agent.post(`/api/market/reprice/${cardId}`).set('Idempotency-Key', key).send({ price: to });
      return { same: send(price + 1), other: send(price + 2), mine: ownCard(user) };
    },
  },
  {
    route: api['POST /api/packs/revealed']!,
    who: 'player',
    async prepare(user) {
      const packs = ok(await user.agent.get('/api/packs')) as unknown as { id: number; price: number }[];
      const cheapest = [...packs].sort((x, y) => x.price - y.price)[0]!;
      await grant(user.id, cheapest.price * 2);
      const bought = async () =>
        ok(await user.agent.post('/api/packs/purchase').send({ packId: cheapest.id })).purchaseId as string;
      const [one, two] = [await bought(), await bought()];
      const send = (purchaseId: string) => (agent: Agent, key: string) =>
        agent.post('/api/packs/revealed').set('Idempotency-Key', key).send({ purchaseId });
      return { same: send(one), other: send(two) };
    },
  },
  {
    route: api['POST /api/market/buy/:id']!,
    who: 'player',
    async prepare(user) {
      const card = await marketCard();
      await grant(user.id, card.price + 1);
      return {
        same: (agent, key) =>
          agent
            .post(`/api/market/buy/${card.id}`)
            .set('Idempotency-Key', key)
            .send({ expectedPrice: card.price }),
        other: (agent, key) =>
          agent
            .post(`/api/market/buy/${card.id}`)
            .set('Idempotency-Key', key)
            .send({ expectedPrice: card.price + 1 }),
        mine: ownCard(user),
      };
    },
  },
  {
    route: api['POST /api/trades/create']!,
    who: 'player',
    async prepare(user) {
      const [cardId] = await h.mint(user.id, 1);
      const send = (coinOffer: number) => (agent: Agent, key: string) =>
        agent
          .post('/api/trades/create')
          .set('Idempotency-Key', key)
          .send({ cardId, targetUser: partner.username, coinOffer });
      return {
        same: send(0),
        other: send(1),
        mine: (body: { fromUser: { id: number } }) => expect(body.fromUser.id).toBe(user.id),
      };
    },
  },
  {
    route: api['POST /api/trades/:id/decline']!,
    who: 'player',
    async prepare(user) {
      const [one, two] = [await offer(partner, user), await offer(partner, user)];
      return {
        same: (agent, key) => agent.post(`/api/trades/${one}/decline`).set('Idempotency-Key', key).send({}),
        other: (agent, key) => agent.post(`/api/trades/${two}/decline`).set('Idempotency-Key', key).send({}),
        mine: (body: { toUser: { id: number } }) => expect(body.toUser.id).toBe(user.id),
      };
    },
  },
  {
    route: api['DELETE /api/trades/:id']!,
    who: 'player',
    async prepare(user) {
      const [one, two] = [await offer(user, partner), await offer(user, partner)];
      return {
        same: (agent, key) => agent.delete(`/api/trades/${one}`).set('Idempotency-Key', key),
        other: (agent, key) => agent.delete(`/api/trades/${two}`).set('Idempotency-Key', key),
        mine: (body: { fromUser: { id: number } }) => expect(body.fromUser.id).toBe(user.id),
      };
    },
  },
  {
    route: api['POST /api/trades/:id/accept']!,
    who: 'player',
    async prepare(user) {
      const [one, two] = [await offer(partner, user), await offer(partner, user)];
      return {
        same: (agent, key) => agent.post(`/api/trades/${one}/accept`).set('Idempotency-Key', key).send({}),
        other: (agent, key) => agent.post(`/api/trades/${two}/accept`).set('Idempotency-Key', key).send({}),
        mine: (body: { toUser: { id: number }; status: string }) =>
          expect(body).toMatchObject({ toUser: { id: user.id }, status: 'accepted' }),
      };
    },
  },
  {
    route: api['POST /api/trades/:id/counter']!,
    who: 'player',
    async prepare(user) {
      const [cardId] = await h.mint(partner.id, 1);
      const id = ok(
        await partner.agent.post('/api/trades/create').send({ cardId, targetUser: user.username }),
      ).id;
      await grant(user.id, 10);
      const send = (coinOffer: number) => (agent: Agent, key: string) =>
        agent
          .post(`/api/trades/${id}/counter`)
          .set('Idempotency-Key', key)
          .send({ coinOffer, requestedCardIds: [cardId] });
      return {
        same: send(1),
        other: send(2),
        mine: (body: { fromUser: { id: number } }) => expect(body.fromUser.id).toBe(user.id),
      };
    },
  },
  {
    route: api['POST /api/trades/offer-for-wish']!,
    who: 'player',
    async prepare(user) {
      const wishId = await wish(partner);
      const send = (coinAmount: number) => (agent: Agent, key: string) =>
        agent
          .post('/api/trades/offer-for-wish')
          .set('Idempotency-Key', key)
          .send({ wishId, offerType: 'coins', coinAmount });
      return {
        same: send(100),
        other: send(101),
        mine: (body: { fromUser: { id: number } }) => expect(body.fromUser.id).toBe(user.id),
      };
    },
  },
  {
    route: api['POST /api/tradewishes']!,
    who: 'player',
    async prepare(user) {
      const [cardId] = await h.mint(user.id, 1);
      return {
        same: (agent, key) => agent.post('/api/tradewishes').set('Idempotency-Key', key).send({ cardId }),
        other: (agent, key) =>
          agent.post('/api/tradewishes').set('Idempotency-Key', key).send({ cardId, minimumCoins: 5 }),
        mine: (body: { userId: number }) => expect(body.userId).toBe(user.id),
      };
    },
  },
  {
    route: api['DELETE /api/tradewishes/:id']!,
    who: 'player',
    async prepare(user) {
      const [one, two] = [await wish(user), await wish(user)];
      return {
        same: (agent, key) => agent.delete(`/api/tradewishes/${one}`).set('Idempotency-Key', key),
        other: (agent, key) => agent.delete(`/api/tradewishes/${two}`).set('Idempotency-Key', key),
        mine: (body: { userId: number }) => expect(body.userId).toBe(user.id),
      };
    },
  },
  {
    route: api['POST /api/packs/purchase']!,
    who: 'player',
    async prepare(user) {
      const packs = ok(await user.agent.get('/api/packs')) as unknown as { id: number; price: number }[];
      const [one, two] = [...packs].sort((x, y) => x.price - y.price);
      await grant(user.id, one!.price);
      return {
        same: (agent, key) =>
          agent.post('/api/packs/purchase').set('Idempotency-Key', key).send({ packId: one!.id }),
        other: (agent, key) =>
          agent.post('/api/packs/purchase').set('Idempotency-Key', key).send({ packId: two!.id }),
        mine: (body: { cards: { userId: number }[] }) =>
          expect(body.cards.map((c) => c.userId)).toEqual(body.cards.map(() => user.id)),
      };
    },
  },
  {
    route: api['POST /api/create-payment-intent']!,
    who: 'player',
    async prepare() {
      const send = (amount: number) => (agent: Agent, key: string) =>
        agent
          .post('/api/create-payment-intent')
          .set('Idempotency-Key', key)
          .send({ packageId: 'rare-roll', amount });
      return { same: send(20), other: send(21) };
    },
  },
  {
    route: api['POST /api/test-payments/:intentId/confirm']!,
    who: 'player',
    async prepare(user) {
      const id = await intent(user);
      const send = (card: typeof CARD_OK) => (agent: Agent, key: string) =>
        agent.post(`/api/test-payments/${id}/confirm`).set('Idempotency-Key', key).send(card);
      return {
        same: send(CARD_OK),
        other: send({ ...CARD_OK, cvc: '321' }),
        mine: (body: { paymentIntentId: string }) => expect(body.paymentIntentId).toBe(id),
      };
    },
  },
  {
    route: api['POST /api/test-payments/:intentId/authenticate']!,
    who: 'player',
    async prepare(user) {
      const id = await intent(user);
      ok(await user.agent.post(`/api/test-payments/${id}/confirm`).send(CARD_3DS));
      const send = (fail: boolean) => (agent: Agent, key: string) =>
        agent.post(`/api/test-payments/${id}/authenticate`).set('Idempotency-Key', key).send({ fail });
      return {
        same: send(false),
        other: send(true),
        mine: (body: { paymentIntentId: string }) => expect(body.paymentIntentId).toBe(id),
      };
    },
  },
  {
    route: api['POST /api/payment/success']!,
    who: 'player',
    async prepare(user) {
      const id = await intent(user);
      ok(await user.agent.post(`/api/test-payments/${id}/confirm`).send(CARD_OK));
      return {
        same: (agent, key) =>
          agent.post('/api/payment/success').set('Idempotency-Key', key).send({ paymentIntentId: id }),
        other: (agent, key) =>
          agent
            .post('/api/payment/success')
            .set('Idempotency-Key', key)
            .send({ paymentIntentId: `${id}x` }),
      };
    },
  },
  {
    route: api['POST /api/promo/redeem']!,
    who: 'player',
    async prepare() {
      const send = (code: string) => (agent: Agent, key: string) =>
        agent.post('/api/promo/redeem').set('Idempotency-Key', key).send({ code });
      return {
        same: send('SCOPED100'),
        other: send('NOSUCHCODE'),
        mine: (body: { success: boolean }) => expect(body.success).toBe(true),
      };
    },
  },
  {
    route: api['POST /api/missions/:id/claim']!,
    who: 'player',
    async prepare(user) {
      // Signing in is what 'Sign in today' (mission 1) counts.
      ok(await user.agent.post('/api/login').send({ email: user.email, password: PASSWORD }));
      await eventually(async () => {
        const { daily } = ok(await user.agent.get('/api/missions')) as unknown as {
          daily: { id: number; completedAt: unknown }[];
        };
        expect(daily.find((m) => m.id === 1)?.completedAt).toEqual(expect.any(String));
      });
      return {
        same: (agent, key) => agent.post('/api/missions/1/claim').set('Idempotency-Key', key).send({}),
        other: (agent, key) => agent.post('/api/missions/2/claim').set('Idempotency-Key', key).send({}),
      };
    },
  },
  {
    route: api['PUT /api/matchday/:id/lineup']!,
    who: 'player',
    async prepare(user) {
      const cardIds = await lineupCards(user.id);
      const { matchday } = ok(await user.agent.get('/api/matchday')) as unknown as {
        matchday: { id: number };
      };
      const send = (captainCardId: number) => (agent: Agent, key: string) =>
        agent
          .put(`/api/matchday/${matchday.id}/lineup`)
          .set('Idempotency-Key', key)
          .send({ cardIds, captainCardId });
      return {
        same: send(cardIds[0]!),
        other: send(cardIds[1]!),
        mine: (body: { lineup: { cards: { cardId: number }[] } }) =>
          expect(body.lineup.cards.map((c) => c.cardId).sort()).toEqual([...cardIds].sort()),
      };
    },
  },
  {
    route: api['POST /api/cashout/request']!,
    who: 'player',
    async prepare(user) {
      for (let i = 0; i < 3; i++) await h.buy(user.id);
      const send = (coinsAmount: number) => (agent: Agent, key: string) =>
        agent
          .post('/api/cashout/request')
          .set('Idempotency-Key', key)
          .send({ coinsAmount, paypalEmail: 'me@paypal.example' });
      return { same: send(13_000), other: send(13_001) };
    },
  },
  {
    route: api['PUT /api/user/spending-limit']!,
    who: 'player',
    async prepare() {
      const send = (monthlyLimit: number) => (agent: Agent, key: string) =>
        agent.put('/api/user/spending-limit').set('Idempotency-Key', key).send({ monthlyLimit });
      return { same: send(50), other: send(60) };
    },
  },
  {
    route: api['POST /api/notifications/:id/read']!,
    who: 'player',
    async prepare(user) {
      await offer(partner, user);
      await offer(partner, user);
      const [one, two] = await eventually(async () => {
        const page = ok(await user.agent.get('/api/notifications?unread=true')) as unknown as {
          items: { id: number }[];
        };
        expect(page.items.length).toBeGreaterThanOrEqual(2);
        return page.items.map((n) => n.id);
      }, 20_000);
      return {
        same: (agent, key) =>
          agent.post(`/api/notifications/${one}/read`).set('Idempotency-Key', key).send({}),
        other: (agent, key) =>
          agent.post(`/api/notifications/${two}/read`).set('Idempotency-Key', key).send({}),
      };
    },
  },
  {
    route: api['POST /api/notifications/read-all']!,
    who: 'player',
    async prepare() {
      // The route has no path or body of its own: there is no other request to send with the key.
      return {
        same: (agent, key) => agent.post('/api/notifications/read-all').set('Idempotency-Key', key).send({}),
      };
    },
  },
  {
    route: api['POST /api/admin/cashout/:requestId/status']!,
    who: 'admin',
    async prepare() {
      const requestId = await pendingCashout();
      const send = (status: string) => (agent: Agent, key: string) =>
        agent.post(`/api/admin/cashout/${requestId}/status`).set('Idempotency-Key', key).send({ status });
      return {
        same: send('processing'),
        other: send('rejected'),
        mine: (body: { id: number }) => expect(body.id).toBe(requestId),
      };
    },
  },
  {
    route: api['POST /api/admin/users/:userId/ban']!,
    who: 'admin',
    async prepare() {
      const target = await h.account('banned');
      const send = (banned: boolean) => (agent: Agent, key: string) =>
        agent.post(`/api/admin/users/${target}/ban`).set('Idempotency-Key', key).send({ banned });
      return {
        same: send(true),
        other: send(false),
        mine: (body: { id: number }) => expect(body.id).toBe(target),
      };
    },
  },
  {
    route: api['POST /api/admin/users/:userId/mute']!,
    who: 'admin',
    async prepare() {
      const target = await h.account('muted');
      const send = (muted: boolean) => (agent: Agent, key: string) =>
        agent.post(`/api/admin/users/${target}/mute`).set('Idempotency-Key', key).send({ muted });
      return {
        same: send(true),
        other: send(false),
        mine: (body: { id: number }) => expect(body.id).toBe(target),
      };
    },
  },
  {
    route: api['POST /api/admin/users/:userId/fraud-hold/clear']!,
    who: 'admin',
    async prepare() {
      // Clearing where there is no hold is still an admin action with its own outcome (and audit line).
      const [one, two] = await Promise.all([h.account('under-review'), h.account('under-review-too')]);
      const send = (target: number) => (agent: Agent, key: string) =>
        agent.post(`/api/admin/users/${target}/fraud-hold/clear`).set('Idempotency-Key', key).send({});
      return {
        same: send(one),
        other: send(two),
        mine: (body: { held: boolean }) => expect(body.held).toBe(false),
      };
    },
  },
  {
    route: api['POST /api/admin/transfer-to-shop']!,
    who: 'admin',
    async prepare(user) {
      const [one, two] = await h.mint(user.id, 2);
      const send = (cardId: number) => (agent: Agent, key: string) =>
        agent
          .post('/api/admin/transfer-to-shop')
          .set('Idempotency-Key', key)
          .send({ cardIds: [cardId] });
      return {
        same: send(one!),
        other: send(two!),
        mine: (body: { transferred: number }) => expect(body.transferred).toBe(1),
      };
    },
  },
  {
    route: api['PUT /api/admin/matchdays/:matchdayId/results']!,
    who: 'admin',
    async prepare() {
      // A matchday of its own that kicked off and waits for its results file.
      const now = Date.now();
      const [row] = (await h.matchday.database
        .db('matchdays')
        .insert({
          round: -100 - ++importedMatchdays,
          opens_at: new Date(now - 7_200_000),
          locks_at: new Date(now - 3_600_000 - importedMatchdays),
          results_at: new Date(now + 3_600_000),
          state: 'locked',
        })
        .returning('id')) as { id: number }[];
      const matchdayId = Number(row!.id);
      const send = (minutes: number) => (agent: Agent, key: string) =>
        agent
          .put(`/api/admin/matchdays/${matchdayId}/results`)
          .set('Idempotency-Key', key)
          .send({ format: 'csv', content: `player_id,minutes\n1,${minutes}\n` });
      return {
        same: send(90),
        other: send(45),
        mine: (body: { matchday: { id: number } }) => expect(body.matchday.id).toBe(matchdayId),
      };
    },
  },
  {
    route: api['POST /api/admin/challenges']!,
    who: 'admin',
    async prepare(user) {
      const send = (title: string) => (agent: Agent, key: string) =>
        agent
          .post('/api/admin/challenges')
          .set('Idempotency-Key', key)
          .send({ title, cardCount: 1, rewardCoins: 10 });
      const title = `Scope ${user.id} ${fresh().slice(0, 8)}`;
      return {
        same: send(title),
        other: send(`${title} again`),
        mine: (body: { title: string }) => expect(body.title).toBe(title),
      };
    },
  },
  {
    route: api['PUT /api/admin/challenges/:id/schedule']!,
    who: 'admin',
    async prepare(user) {
      const challengeId = await newChallenge(user);
      const hour = 3_600_000;
      const now = Date.now();
      const send = (hours: number) => (agent: Agent, key: string) =>
        agent
          .put(`/api/admin/challenges/${challengeId}/schedule`)
          .set('Idempotency-Key', key)
          .send({
            startsAt: new Date(now - hour).toISOString(),
            endsAt: new Date(now + hours * hour).toISOString(),
          });
      return {
        same: send(2),
        other: send(3),
        mine: (body: { id: number }) => expect(body.id).toBe(challengeId),
      };
    },
  },
  {
    route: api['POST /api/admin/challenges/:id/retire']!,
    who: 'admin',
    async prepare(user) {
      const [one, two] = [await newChallenge(user), await newChallenge(user)];
      const send = (challengeId: number) => (agent: Agent, key: string) =>
        agent.post(`/api/admin/challenges/${challengeId}/retire`).set('Idempotency-Key', key).send({});
      return {
        same: send(one),
        other: send(two),
        mine: (body: { id: number; state: string }) =>
          expect(body).toMatchObject({ id: one, state: 'retired' }),
      };
    },
  },
  {
    route: api['POST /api/challenges/:id/submissions']!,
    who: 'player',
    async prepare(user) {
      // A challenge of its own (any one card) and two cards to give up.
      const challengeId = await newChallenge(admins.a);
      const [one, two] = await h.mint(user.id, 2);
      const send = (cardId: number) => (agent: Agent, key: string) =>
        agent
          .post(`/api/challenges/${challengeId}/submissions`)
          .set('Idempotency-Key', key)
          .send({ cardIds: [cardId] });
      return {
        same: send(one!),
        other: send(two!),
        mine: (body: { submission: { cardIds: number[] } }) => expect(body.submission.cardIds).toEqual([one]),
      };
    },
  },
  {
    route: api['POST /api/auctions']!,
    who: 'player',
    async prepare(user) {
      const [cardId] = await h.mint(user.id, 1);
      const price = await priceOf(cardId!);
      const send = (startPrice: number) => (agent: Agent, key: string) =>
        agent.post('/api/auctions').set('Idempotency-Key', key).send({ cardId, startPrice, duration: '1h' });
      return {
        same: send(price),
        other: send(price + 1),
        mine: (body: { sellerId: number }) => expect(body.sellerId).toBe(user.id),
      };
    },
  },
  {
    route: api['POST /api/auctions/:id/bids']!,
    who: 'player',
    async prepare(user) {
      const auction = await partnerAuction();
      await grant(user.id, auction.startPrice * 3);
      const send = (amount: number) => (agent: Agent, key: string) =>
        agent.post(`/api/auctions/${auction.id}/bids`).set('Idempotency-Key', key).send({ amount });
      return {
        same: send(auction.startPrice),
        other: send(auction.startPrice + 1),
        mine: (body: { bid: { bidderId: number } }) => expect(body.bid.bidderId).toBe(user.id),
      };
    },
  },
  {
    route: api['POST /api/auctions/:id/buy-now']!,
    who: 'player',
    async prepare(user) {
      const auction = await partnerAuction(true);
      await grant(user.id, auction.buyNowPrice! * 2);
      const send = (expectedPrice: number) => (agent: Agent, key: string) =>
        agent.post(`/api/auctions/${auction.id}/buy-now`).set('Idempotency-Key', key).send({ expectedPrice });
      return {
        same: send(auction.buyNowPrice!),
        other: send(auction.buyNowPrice! + 1),
        mine: (body: { auction: { winnerId: number } }) => expect(body.auction.winnerId).toBe(user.id),
      };
    },
  },
];

/** An open auction of the partner's (with a buy-now at twice the start when asked). */
async function partnerAuction(
  buyNow = false,
): Promise<{ id: number; startPrice: number; buyNowPrice: number | null }> {
  const [cardId] = await h.mint(partner.id, 1);
  const startPrice = await priceOf(cardId!);
  return ok(
    await partner.agent
      .post('/api/auctions')
      .send({ cardId, startPrice, buyNowPrice: buyNow ? startPrice * 2 : null, duration: '1h' }),
  ) as never;
}

const nameOf = (route: RouteDef) => `${route.method.toUpperCase()} ${route.path}`;

/** Live values an answer shows as they are now (prices tick, coins and counts arrive by events; lineups are fielded). */
const LIVE = new Set([
  'priceChange',
  // A card's current price less what was paid: the price moves with the market between two answers.
  'profitLoss',
  'coins',
  'collectionValue',
  'rank',
  'cardCount',
  'unreadCount',
  'entries',
  // A challenge's completions by others, and its reward's confirmation by the wallet, move on their own.
  'completions',
  'rewardStatus',
]);

/** An answer without its live values: what a retry must answer the same. */
function outcome(res: Response): { status: number; body: unknown } {
  const strip = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(strip);
    if (value === null || typeof value !== 'object') return value;
    return Object.fromEntries(
      Object.entries(value)
        .filter(([name]) => !LIVE.has(name))
        .map(([name, v]) => [name, name === 'player' ? (v as { id: number }).id : strip(v)]),
    );
  };
  return { status: res.status, body: strip(res.body) };
}

describe('Idempotency-Key: whose it is and what it came with', () => {
  it('covers every idempotent route of the contract', () => {
    expect(cases.map((c) => nameOf(c.route)).sort()).toEqual(
      allRoutes
        .filter((r) => r.idempotent)
        .map(nameOf)
        .sort(),
    );
  });

  it.each(cases.map((c) => [nameOf(c.route), c] as const))(
    '%s: the same request answers the first outcome, another request is 422, another user gets their own',
    async (_name, c) => {
      const key = fresh();
      const [a, b] =
        c.who === 'anonymous'
          ? [{ agent: browser(h.baseUrl) } as Player, undefined]
          : c.who === 'admin'
            ? [admins.a, admins.b]
            : [players.a, players.b];
      const [mineA, mineB] = await Promise.all([c.prepare(a), b && c.prepare(b)]);

      const first = await mineA.same(a.agent, key);
      ok(first);
      mineA.mine?.(first.body as never);
      const again = await mineA.same(a.agent, key);
      expect(outcome(again)).toEqual(outcome(first));

      // Sign-up has no user to scope by: the key is the route's, and another sign-up with it is the 422 below.
      if (b && mineB) {
        const theirs = await mineB.same(b.agent, key);
        ok(theirs);
        expect(theirs.status).toBe(first.status);
        mineB.mine?.(theirs.body as never);
        const theirsAgain = await mineB.same(b.agent, key);
        expect(outcome(theirsAgain)).toEqual(outcome(theirs));
        // The first user's key still answers the first user's outcome.
        const afterB = await mineA.same(a.agent, key);
        expect(outcome(afterB)).toEqual(outcome(first));
      }

      if (!mineA.other) return;
      expectError(await mineA.other(a.agent, key), 422, KEY_USED_FOR_ANOTHER_REQUEST);
      // The refusal changed nothing: the key still answers the first outcome.
      const afterOther = await mineA.same(a.agent, key);
      expect(outcome(afterOther)).toEqual(outcome(first));
    },
  );
});
