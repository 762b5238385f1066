import type { Knex } from 'knex';
import { DRAFTS, draftsFor, type NotifyingTopic } from '@touchline/notifications/drafts';
import { emitted } from './emitted';
import { line, type AuditLine } from './line';

type Row = Record<string, unknown>;
const rows = async (db: Knex, sql: string) => (await db.raw(sql)).rows as Row[];

/** Each fact notified once: notifications of a kind per user equal the facts their owners recorded. */
const FACTS: Record<string, string> = {
  welcome: `select id user_id from identity.users`,
  'payment.succeeded': `select user_id from wallet.purchases`,
  'market.card_sold': `select seller_id user_id from cards_market.sales where state = 'completed' and seller_id > 0`,
  'trade.accepted': `select from_user_id user_id from trading.trade_offers where status = 'accepted'`,
  'trade.declined': `select from_user_id user_id from trading.trade_offers where status = 'declined'`,
  'trade.cancelled': `select to_user_id user_id from trading.trade_offers where status = 'cancelled'`,
  'trade.offer_received': `select to_user_id user_id from trading.trade_offers where counter_of is null`,
  'trade.countered': `select to_user_id user_id from trading.trade_offers where counter_of is not null`,
  'auction.won': `select winner_id user_id from cards_market.auctions where status = 'sold'`,
  'auction.sold': `select seller_id user_id from cards_market.auctions where status = 'sold'`,
  'auction.unsold': `select seller_id user_id from cards_market.auctions where status = 'unsold'`,
  'cashout.requested': `select user_id from wallet.cashout_requests`,
  'cashout.status': `select r.user_id from wallet.cashout_transitions t join wallet.cashout_requests r on r.id = t.request_id
     where t.to_status in ('processing', 'completed', 'rejected')`,
};

/** The kinds whose facts the owning services record in a table of their own, checked against them. */
export async function auditNotificationFacts(db: Knex): Promise<AuditLine[]> {
  const violations: string[] = [];
  for (const [kind, facts] of Object.entries(FACTS)) {
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
  return [line('notifications: one per fact the owning service recorded', violations)];
}

/**
 * Every kind the notifications service makes, derived from its own table of topics (DRAFTS): the
 * notifications the emitted events call for, each exactly once, and none that no event called for.
 */
export async function auditNotificationsPerEvent(db: Knex): Promise<AuditLine[]> {
  const topics = Object.keys(DRAFTS) as NotifyingTopic[];
  const expected = new Map<string, string>();
  for (const e of await emitted(db, topics))
    for (const d of draftsFor(e.topic, e.event, e.occurredAt))
      expected.set(`${d.userId} ${d.dedupeKey}`, d.kind);
  const sent = await rows(
    db,
    `select user_id, dedupe_key, min(kind) kind, count(*) c from notifications.notifications group by 1, 2`,
  );
  const violations: string[] = [];
  const byKind = new Map<string, number>();
  const seen = new Set<string>();
  for (const r of sent) {
    const id = `${r.user_id} ${r.dedupe_key}`;
    seen.add(id);
    const kind = String(r.kind);
    byKind.set(kind, (byKind.get(kind) ?? 0) + Number(r.c));
    if (Number(r.c) > 1) violations.push(`${kind} ${r.dedupe_key} for user ${r.user_id}: ${r.c} times`);
    const want = expected.get(id);
    if (want === undefined)
      violations.push(`${kind} ${r.dedupe_key} for user ${r.user_id}: no event calls for it`);
    else if (want !== kind)
      violations.push(`${r.dedupe_key} for user ${r.user_id}: kind ${kind}, its event makes ${want}`);
  }
  for (const [id, kind] of expected)
    if (!seen.has(id)) violations.push(`${kind} for user ${id.replace(' ', ': ')}: missing`);
  const kinds = [...byKind].sort(([a], [b]) => a.localeCompare(b)).map(([k, c]) => `${k} ${c}`);
  return [
    line(
      'notifications: every kind made once per emitted event, none without one',
      violations,
      `${topics.length} topics; ${kinds.join(', ') || 'none'}`,
    ),
  ];
}
