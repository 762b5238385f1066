import type { Knex } from 'knex';
import { line, type AuditLine } from './line';

type Row = Record<string, unknown>;
const rows = async (db: Knex, sql: string) => (await db.raw(sql)).rows as Row[];

/** The leaderboard's values equal a recomputation from cards-market's cards and current prices. */
export async function auditLeaderboard(db: Knex): Promise<AuditLine[]> {
  const diff = await rows(
    db,
    `with truth as (
       select c.owner_id user_id, count(*) cards, sum(p.current_price) value
         from cards_market.cards c join cards_market.players p on p.id = c.player_id
        where c.owner_id > 0 group by c.owner_id)
     select u.id user_id, coalesce(t.cards, 0) cards, coalesce(t.value, 0) value,
            l.card_count lb_cards, l.collection_value lb_value
       from identity.users u left join truth t on t.user_id = u.id left join leaderboard.users l on l.user_id = u.id
      where l.user_id is null or l.card_count <> coalesce(t.cards, 0) or l.collection_value <> coalesce(t.value, 0)
      order by u.id limit 10`,
  );
  const owners = await rows(
    db,
    `select c.id card_id, c.owner_id, l.owner_id lb_owner from cards_market.cards c
       left join leaderboard.cards l on l.card_id = c.id
      where c.owner_id > 0 and (l.card_id is null or l.owner_id <> c.owner_id) limit 10`,
  );
  return [
    line('leaderboard: values equal a recomputation from cards and prices', [
      ...diff.map(
        (r) =>
          `user ${r.user_id}: ${r.cards} cards worth ${r.value}, leaderboard says ${r.lb_cards ?? '-'} worth ${r.lb_value ?? '-'}`,
      ),
      ...owners.map(
        (r) => `card ${r.card_id}: owner ${r.owner_id}, leaderboard says ${r.lb_owner ?? 'unknown'}`,
      ),
    ]),
  ];
}

/** The facts each counted event stands for, recomputed from the service that owns them. */
const FACTS: Record<string, string> = {
  'market.sale.completed:buyer': `select buyer_id user_id, updated_at at from cards_market.sales where state = 'completed'`,
  'market.sale.completed:seller': `select seller_id user_id, updated_at at from cards_market.sales where state = 'completed' and seller_id > 0`,
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

/** Each fact notified once: notifications of a kind per user equal the facts their owners recorded. */
const NOTIFIED: Record<string, string> = {
  welcome: `select id user_id from identity.users`,
  'payment.succeeded': `select user_id from wallet.purchases`,
  'market.card_sold': `select seller_id user_id from cards_market.sales where state = 'completed' and seller_id > 0`,
  'trade.accepted': `select from_user_id user_id from trading.trade_offers where status = 'accepted'`,
};

export async function auditNotifications(db: Knex): Promise<AuditLine[]> {
  const violations: string[] = [];
  for (const [kind, facts] of Object.entries(NOTIFIED)) {
    const diff = await rows(
      db,
      `with truth as (select user_id, count(*) c from (${facts}) f group by user_id),
            sent as (select user_id, count(*) c from notifications.notifications where kind = '${kind}' group by user_id)
       select coalesce(t.user_id, s.user_id) user_id, coalesce(t.c, 0) truth, coalesce(s.c, 0) sent
         from truth t full join sent s on s.user_id = t.user_id where coalesce(t.c, 0) <> coalesce(s.c, 0) limit 5`,
    );
    for (const r of diff)
      violations.push(
        `${kind} for user ${r.user_id}: ${r.sent} notifications, ${r.truth} facts (${Number(r.sent) > Number(r.truth) ? 'duplicated' : 'missing'})`,
      );
  }
  return [line('notifications: one per fact, none duplicated', violations)];
}
