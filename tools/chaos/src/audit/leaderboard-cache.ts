import type { Redis } from 'ioredis';
import type { Knex } from 'knex';
import { line, type AuditLine } from './line';

/** One row of GET /api/leaderboard. */
export interface ServedEntry {
  user: { id: number };
  collectionValue: number;
  cardCount: number;
  rank: number;
}

/** The leaderboard service's default cache key prefix (LEADERBOARD_CACHE_KEY), as the stack runs it. */
const CACHE = '{touchline:leaderboard}';

/**
 * The board as players are served it (through the Redis cache) equals a recomputation from
 * cards-market's cards and prices: same users in the same order with the same values, counts and
 * ranks; and every user's entry in the cache holds those values too.
 */
export async function auditLeaderboardCache(
  db: Knex,
  redis: Redis,
  served: () => Promise<ServedEntry[]>,
): Promise<AuditLine[]> {
  const truth = (
    await db.raw(
      `with owned as (
         select c.owner_id user_id, count(*) cards, sum(p.current_price) value
           from cards_market.cards c join cards_market.players p on p.id = c.player_id
          where c.owner_id > 0 group by c.owner_id)
       select u.id user_id, coalesce(o.cards, 0) cards, coalesce(o.value, 0) value
         from identity.users u left join owned o on o.user_id = u.id
        where not u.banned order by coalesce(o.value, 0) desc, u.id`,
    )
  ).rows as { user_id: string; cards: string; value: string }[];
  const want = truth.map((r, i) => ({
    userId: Number(r.user_id),
    value: Number(r.value),
    cards: Number(r.cards),
    rank: i + 1,
  }));
  const violations: string[] = [];
  if ((await redis.exists(`${CACHE}:built`)) !== 1)
    violations.push('the cache is not built: the board was answered from Postgres, not through the cache');
  const board = await served();
  for (let i = 0; i < Math.max(board.length, Math.min(want.length, 100)); i++) {
    const got = board[i];
    const w = want[i];
    const show = (e?: { id: number; v: number; c: number; r: number }) =>
      e ? `user ${e.id} worth ${e.v} with ${e.c} cards at rank ${e.r}` : 'nobody';
    const g = got && { id: got.user.id, v: got.collectionValue, c: got.cardCount, r: got.rank };
    const t = w && { id: w.userId, v: w.value, c: w.cards, r: w.rank };
    if (JSON.stringify(g) !== JSON.stringify(t))
      violations.push(`place ${i + 1}: served ${show(g)}, recomputed ${show(t)}`);
  }
  const held = await redis.hgetall(`${CACHE}:stats`);
  for (const w of want) {
    const [, value, count] = (held[String(w.userId)] ?? '').split(':');
    if (Number(value) !== w.value || Number(count) !== w.cards)
      violations.push(
        `user ${w.userId}: cache holds ${held[String(w.userId)] ?? 'nothing'}, recomputed ${w.value} with ${w.cards} cards`,
      );
  }
  return [
    line(
      'leaderboard: the board served through the Redis cache equals a recomputation from cards and prices',
      violations,
      `${board.length} entries served, ${Object.keys(held).length} users cached`,
    ),
  ];
}
