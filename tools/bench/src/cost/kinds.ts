import type pg from 'pg';
import type { DriverAnswer, HttpDriver } from '../http-driver';
import { json, send, type Op, type User } from './users';

/** The market's first page as the web asks it (tools/bench/src/crowd/pages.ts). */
export const MARKET_PATH = '/api/market?sort=price_asc&limit=50';

export interface CostContext {
  driver: HttpDriver;
  db: pg.Client;
  users: User[];
  /** Operations per kind of change; reads take READ_FACTOR times as many. */
  operations: number;
  /** Cards each user holds that are not listed or offered, by user id: what sells and offers take. */
  spare: Map<number, number[]>;
  /** The buys' cards with their price, for the sells. */
  bought: { user: User; cardId: number; price: number }[];
}

export interface Kind {
  name: string;
  /** Statuses that count as the operation done. */
  expect: number[];
  /** Keep the answers' bodies (a later kind needs them); otherwise drained unread. */
  keep?: boolean;
  /**
   * A read wakes no event: its window ends with its last answer. Waiting for the consumers to
   * settle would add seconds of idle CPU to subtract, whose noise is larger than a read's cost.
   */
  read?: boolean;
  /** The operations, each prepared to succeed; setup requests here are not measured. */
  prepare(ctx: CostContext): Promise<Op[]>;
  /** What a later kind needs from the answers (not measured). */
  after?(ctx: CostContext, ops: Op[], answers: DriverAnswer[]): void;
}

/** Reads cost a tenth of a change or less: ten times as many keep their CPU well above the idle noise. */
export const READ_FACTOR = 10;

const roundRobin = <T>(users: User[], n: number, make: (user: User, i: number) => T): T[] =>
  Array.from({ length: n }, (_, i) => make(users[i % users.length]!, i));

const reads = (ctx: CostContext) => Math.round(ctx.operations * READ_FACTOR);

interface CardAnswer {
  id: number;
  player: { currentPrice: number };
}

function keepSpare(ctx: CostContext, user: User, cards: readonly CardAnswer[]): void {
  ctx.spare.set(user.id, [...(ctx.spare.get(user.id) ?? []), ...cards.map((c) => c.id)]);
}

/**
 * Per-user reads that bench:crowd's players send most after the market and their cards (its "most
 * called routes"), each one gRPC call or more behind the gateway.
 */
const CROWD_READS: [string, string][] = [
  ['missions', '/api/missions'],
  ['trades incoming', '/api/trades/incoming'],
  ['starter pack', '/api/user/starter-pack'],
  ['unread count', '/api/notifications/unread-count'],
];

/** A read of each player's own, as many as the reads' share, the players taking turns. */
function perUserRead(name: string, path: string): Kind {
  return {
    name,
    read: true,
    expect: [200],
    async prepare(ctx) {
      return roundRobin(ctx.users, reads(ctx), (user) => ({ user, method: 'GET', path }));
    },
  };
}

/** The kinds, in the order they run: each later one uses what the earlier ones left (cards, missions done). */
export const KINDS: Kind[] = [
  {
    name: 'shared read 304',
    read: true,
    expect: [304],
    async prepare(ctx) {
      const first = await send(ctx.driver, { user: ctx.users[0]!, method: 'GET', path: MARKET_PATH });
      if (!first.etag) throw new Error(`the market's answer has no ETag (status ${first.status})`);
      return roundRobin(ctx.users, reads(ctx), (user) => ({
        user,
        method: 'GET',
        path: MARKET_PATH,
        ifNoneMatch: first.etag,
      }));
    },
  },
  {
    name: 'shared read 200',
    read: true,
    expect: [200],
    async prepare(ctx) {
      return roundRobin(ctx.users, reads(ctx), (user) => ({ user, method: 'GET', path: MARKET_PATH }));
    },
  },
  {
    name: 'balance',
    read: true,
    expect: [200],
    async prepare(ctx) {
      return roundRobin(ctx.users, reads(ctx), (user) => ({
        user,
        method: 'GET',
        path: '/api/user/balance',
      }));
    },
  },
  {
    name: 'user',
    read: true,
    expect: [200],
    async prepare(ctx) {
      return roundRobin(ctx.users, reads(ctx), (user) => ({ user, method: 'GET', path: '/api/user' }));
    },
  },
  ...CROWD_READS.map(([name, path]) => perUserRead(name, path)),
  {
    name: 'buy',
    expect: [200],
    keep: true,
    async prepare(ctx) {
      // The market's own supply (owner 0), a different player's card each while they last, so that
      // the buys contend no more than a crowd's would.
      const { rows } = await ctx.db.query<{ id: number }>(
        `select id from cards_market.cards where owner_id = 0 and reserved_by is null and hold_key is null
          order by edition_number, player_id limit $1`,
        [ctx.operations],
      );
      if (rows.length < ctx.operations)
        throw new Error(`only ${rows.length} market cards for ${ctx.operations} buys`);
      return roundRobin(ctx.users, ctx.operations, (user, i) => ({
        user,
        method: 'POST',
        path: `/api/market/buy/${rows[i]!.id}`,
      }));
    },
    after(ctx, ops, answers) {
      answers.forEach((answer, i) => {
        if (answer.status !== 200) return;
        const { card } = JSON.parse(answer.text) as { card: CardAnswer };
        ctx.bought.push({ user: ops[i]!.user, cardId: card.id, price: card.player.currentPrice });
      });
    },
  },
  {
    name: 'user cards',
    read: true,
    expect: [200],
    async prepare(ctx) {
      return roundRobin(ctx.users, reads(ctx), (user) => ({ user, method: 'GET', path: '/api/user/cards' }));
    },
  },
  {
    name: 'sell (list a card)',
    expect: [200],
    async prepare(ctx) {
      return ctx.bought.map(({ user, cardId, price }) => ({
        user,
        method: 'POST',
        path: `/api/market/sell/${cardId}`,
        body: { price },
      }));
    },
  },
  {
    name: 'pack purchase',
    expect: [200],
    keep: true,
    async prepare(ctx) {
      return roundRobin(ctx.users, ctx.operations, (user) => ({
        user,
        method: 'POST',
        path: '/api/packs/purchase',
        body: { packId: 1 },
      }));
    },
    after(ctx, ops, answers) {
      answers.forEach((answer, i) => {
        if (answer.status === 200)
          keepSpare(ctx, ops[i]!.user, (JSON.parse(answer.text) as { cards: CardAnswer[] }).cards);
      });
    },
  },
  {
    name: 'trade answer (accept)',
    expect: [200, 202],
    async prepare(ctx) {
      // Each offer: a card from a pack for a few coins, to the next user, who accepts it.
      const ops: Op[] = [];
      const users = ctx.users;
      for (let i = 0; ops.length < ctx.operations && i < ctx.operations * 2; i++) {
        const from = users[i % users.length]!;
        const to = users[(i + 1) % users.length]!;
        const cardId = ctx.spare.get(from.id)?.shift();
        if (cardId === undefined) continue;
        const offer = json<{ id: number }>(
          await send(ctx.driver, {
            user: from,
            method: 'POST',
            path: '/api/trades/create',
            body: { cardId, targetUser: to.username, coinOffer: 0, requestedCardIds: [], requestedCoins: 10 },
          }),
          'trade offer',
          [201],
        );
        ops.push({ user: to, method: 'POST', path: `/api/trades/${offer.id}/accept` });
      }
      return ops;
    },
  },
  {
    name: 'mission claim',
    expect: [200, 202],
    async prepare(ctx) {
      interface Mission {
        id: number;
        progress: number;
        target: number;
        claimed: boolean;
      }
      const ops: Op[] = [];
      for (const user of ctx.users) {
        const lists = json<{ daily: Mission[]; weekly: Mission[] }>(
          await send(ctx.driver, { user, method: 'GET', path: '/api/missions' }),
          'missions',
        );
        for (const m of [...lists.daily, ...lists.weekly])
          if (!m.claimed && m.progress >= m.target)
            ops.push({ user, method: 'POST', path: `/api/missions/${m.id}/claim` });
      }
      return ops.slice(0, ctx.operations);
    },
  },
  // After the claims, so that the Completed tab has something to list.
  perUserRead('missions completed', '/api/missions/completed'),
];
