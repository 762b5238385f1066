import { Redis } from 'ioredis';
import { isRanked, type RankedStats } from '../domain/ranking';
import type { BoardCache } from './board-cache';

// Members of the sorted set are zero-padded user ids with score -value: ZRANGE ascending gives the
// highest value first, and equal scores sort by member, i.e. by user id (the earlier sign-up).
const member = (userId: number) => String(userId).padStart(20, '0');

// Each stats field is "version:value:count:ranked". Only a newer version replaces it, atomically with
// the sorted set, so replicas writing in any order and a rebuild racing live updates never go back.
const APPLY = `
for i = 2, #ARGV, 6 do
  local uid, mem, version = ARGV[i], ARGV[i + 1], tonumber(ARGV[i + 2])
  local held = redis.call('HGET', KEYS[2], uid)
  local heldVersion = -1
  if held then heldVersion = tonumber(string.match(held, '^(%d+)')) end
  if version > heldVersion then
    redis.call('HSET', KEYS[2], uid, ARGV[i + 2] .. ':' .. ARGV[i + 3] .. ':' .. ARGV[i + 4] .. ':' .. ARGV[i + 5])
    if ARGV[i + 5] == '1' then
      redis.call('ZADD', KEYS[1], -tonumber(ARGV[i + 3]), mem)
    else
      redis.call('ZREM', KEYS[1], mem)
    end
  end
end
if ARGV[1] ~= '' then
  local current = redis.call('GET', KEYS[3])
  if (not current) or current < ARGV[1] then redis.call('SET', KEYS[3], ARGV[1]) end
end
return 0`;

// Read in one script so the order and the stats come from the same instant.
const TOP = `
if redis.call('EXISTS', KEYS[3]) == 0 then return false end
local members = redis.call('ZRANGE', KEYS[1], 0, tonumber(ARGV[1]) - 1)
local out = {}
for _, m in ipairs(members) do
  local uid = string.gsub(m, '^0+', '')
  out[#out + 1] = uid
  out[#out + 1] = redis.call('HGET', KEYS[2], uid) or ''
end
return {redis.call('ZCARD', KEYS[1]), redis.call('GET', KEYS[4]) or '', out}`;

const STATS = `
if redis.call('EXISTS', KEYS[3]) == 0 then return false end
local out = {}
for _, uid in ipairs(ARGV) do
  local held = redis.call('HGET', KEYS[2], uid)
  local rank = false
  if held then rank = redis.call('ZRANK', KEYS[1], string.rep('0', 20 - #uid) .. uid) end
  out[#out + 1] = held or ''
  out[#out + 1] = rank and (rank + 1) or 0
end
return out`;

interface BoardRedis extends Redis {
  boardApply(order: string, stats: string, asOf: string, ...args: string[]): Promise<number>;
  boardTop(
    order: string,
    stats: string,
    built: string,
    asOf: string,
    limit: number,
  ): Promise<[number, string, string[]] | null>;
  boardStats(
    order: string,
    stats: string,
    built: string,
    ...userIds: string[]
  ): Promise<(string | number)[] | null>;
}

function parse(userId: number, held: string, rank: number): RankedStats | undefined {
  if (!held) return undefined;
  const [, value, count] = held.split(':');
  return { userId, collectionValue: Number(value), cardCount: Number(count), rank };
}

/** The board cache in Redis. Keys share one hash tag, so the scripts also run on Redis Cluster. */
export function createRedisBoardCache(url: string, prefix: string): BoardCache & { redis: Redis } {
  const redis = new Redis(url, { maxRetriesPerRequest: 2, lazyConnect: false }) as BoardRedis;
  redis.defineCommand('boardApply', { numberOfKeys: 3, lua: APPLY });
  redis.defineCommand('boardTop', { numberOfKeys: 4, lua: TOP });
  redis.defineCommand('boardStats', { numberOfKeys: 3, lua: STATS });
  const tag = `{${prefix}}`;
  const keys = { order: `${tag}:order`, stats: `${tag}:stats`, built: `${tag}:built`, asOf: `${tag}:as-of` };

  return {
    redis,
    async apply(entries, asOf) {
      for (let i = 0; i < entries.length; i += 500) {
        const args = entries
          .slice(i, i + 500)
          .flatMap((e) => [
            String(e.userId),
            member(e.userId),
            String(e.version),
            String(e.collectionValue),
            String(e.cardCount),
            isRanked(e) ? '1' : '0',
          ]);
        await redis.boardApply(keys.order, keys.stats, keys.asOf, asOf?.toISOString() ?? '', ...args);
      }
      if (entries.length === 0 && asOf)
        await redis.boardApply(keys.order, keys.stats, keys.asOf, asOf.toISOString());
    },
    async top(limit) {
      const reply = await redis.boardTop(keys.order, keys.stats, keys.built, keys.asOf, limit);
      if (!reply) return undefined;
      const [total, asOf, flat] = reply;
      const entries: RankedStats[] = [];
      for (let i = 0; i < flat.length; i += 2) {
        const entry = parse(Number(flat[i]), flat[i + 1]!, entries.length + 1);
        if (entry) entries.push(entry);
      }
      return { entries, total: Number(total), asOf };
    },
    async stats(userIds) {
      if (userIds.length === 0) return (await redis.exists(keys.built)) ? [] : undefined;
      const reply = await redis.boardStats(keys.order, keys.stats, keys.built, ...userIds.map(String));
      if (!reply) return undefined;
      return userIds.map((id, i) => parse(id, String(reply[2 * i]), Number(reply[2 * i + 1])));
    },
    async versions() {
      const all = await redis.hgetall(keys.stats);
      return new Map(Object.entries(all).map(([id, held]) => [Number(id), Number(held.split(':')[0])]));
    },
    async isBuilt() {
      return (await redis.exists(keys.built)) === 1;
    },
    async markBuilt() {
      await redis.set(keys.built, '1');
    },
    async ping() {
      await redis.ping();
    },
    async close() {
      await redis.quit();
    },
  };
}
