import type { Knex } from 'knex';
import { line, type AuditLine } from './line';

type Row = Record<string, unknown>;
const rows = async (db: Knex, sql: string) => (await db.raw(sql)).rows as Row[];

/** The facts each counted event stands for, recomputed from the service that owns them. */
const FACTS: Record<string, string> = {
  // An auction's sale is a sale too (it emits market.sale.completed).
  'market.sale.completed:buyer': `select buyer_id user_id, updated_at at from cards_market.sales where state = 'completed'
     union all select winner_id, settled_at from cards_market.auctions where status = 'sold'`,
  'market.sale.completed:seller': `select seller_id user_id, updated_at at from cards_market.sales where state = 'completed' and seller_id > 0
     union all select seller_id, settled_at from cards_market.auctions where status = 'sold'`,
  'cards.listing.created:seller': `select seller_id user_id, created_at at from cards_market.listings`,
  'cards.pack.opened:opener': `select user_id, updated_at at from cards_market.pack_purchases where state = 'completed'`,
  'trading.offer.created:sender': `select from_user_id user_id, created_at at from trading.trade_offers`,
  'trading.wish.created:owner': `select user_id, created_at at from trading.trade_wishes`,
  'trading.trade.accepted:recipient,sender': `select from_user_id user_id, updated_at at from trading.trade_offers where status = 'accepted'
     union all select to_user_id, updated_at from trading.trade_offers where status = 'accepted'`,
};

/** The lifetime counters some badge watches (missions keeps only those). */
const LIFETIME_COUNTERS = [
  'market.sale.completed:buyer',
  'market.sale.completed:seller',
  'trading.trade.accepted:recipient,sender',
  'cards.pack.opened:opener',
];

/**
 * Missions' counters equal a recomputation from the events' owners: the lifetime counters the badges
 * watch exactly, and each counting mission's progress this period (capped at its target).
 */
export async function auditMissions(
  db: Knex,
  missions: readonly { id: number; target: number; counts: { event: string; as?: readonly string[] } }[],
): Promise<AuditLine[]> {
  const violations: string[] = [];
  for (const counter of LIFETIME_COUNTERS) {
    const facts = FACTS[counter]!;
    const diff = await rows(
      db,
      `with truth as (select user_id, count(*) c from (${facts}) f where user_id > 0 group by user_id)
       select coalesce(t.user_id, l.user_id) user_id, coalesce(t.c, 0) truth, coalesce(l.count, 0) counted
         from truth t full join (select * from missions.lifetime_counts where counter = '${counter}') l on l.user_id = t.user_id
        where coalesce(t.c, 0) <> coalesce(l.count, 0) limit 5`,
    );
    for (const r of diff)
      violations.push(`${counter} of user ${r.user_id}: counted ${r.counted}, happened ${r.truth}`);
  }
  for (const m of missions) {
    if (!m.counts.as) continue;
    const facts = FACTS[`${m.counts.event}:${[...m.counts.as].sort().join(',')}`];
    if (!facts) continue;
    const diff = await rows(
      db,
      `select p.user_id, p.progress, least(${m.target}, (select count(*) from (${facts}) f
                where f.user_id = p.user_id and f.at >= p.period_start and f.at < p.period_end)) truth
         from missions.mission_progress p
        where p.mission_id = ${m.id} and p.period_start <= now() and p.period_end > now()
          and p.progress <> least(${m.target}, (select count(*) from (${facts}) f
                where f.user_id = p.user_id and f.at >= p.period_start and f.at < p.period_end))
        limit 5`,
    );
    for (const r of diff)
      violations.push(`mission ${m.id} of user ${r.user_id}: progress ${r.progress}, events say ${r.truth}`);
  }
  return [line('missions: progress equals a recomputation from events', violations)];
}
