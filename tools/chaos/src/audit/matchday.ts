import type { Knex } from 'knex';
import { line, type AuditLine } from './line';

type Row = Record<string, unknown>;
const rows = async (db: Knex, sql: string) => (await db.raw(sql)).rows as Row[];
const show = (r: Row) => JSON.stringify(r);

/**
 * Matchdays (issue 44): every matchday reward is paid once. Each scored lineup with a reward is
 * paid, by exactly one wallet transaction under its key (`matchday:{matchday}:{user}`) that credits
 * the lineup's player with the lineup's reward, and the wallet has no `matchday` transaction that no
 * lineup accounts for. Every locked lineup card left its hold in cards-market once kickoff passed.
 */
export async function auditMatchdayRewards(db: Knex): Promise<AuditLine[]> {
  const unpaid = await rows(
    db,
    `select matchday_id, user_id, reward, reward_state from matchday.lineups
      where reward is not null and reward > 0 and reward_state <> 'paid' limit 10`,
  );
  const wrong = await rows(
    db,
    `select l.matchday_id, l.user_id, l.reward, count(t.id) transactions, sum(e.amount) credited
       from matchday.lineups l
       left join wallet.transactions t on t.idempotency_key = 'matchday:' || l.matchday_id || ':' || l.user_id
       left join wallet.entries e on e.transaction_id = t.id and e.account = 'user:' || l.user_id
      where l.reward_state = 'paid'
      group by l.matchday_id, l.user_id, l.reward
     having count(t.id) <> 1 or coalesce(sum(e.amount), 0) <> l.reward
      limit 10`,
  );
  const orphans = await rows(
    db,
    `select t.id, t.idempotency_key from wallet.transactions t
      where t.reason = 'matchday'
        and not exists (select 1 from matchday.lineups l
                         where t.idempotency_key = 'matchday:' || l.matchday_id || ':' || l.user_id
                           and l.reward_state = 'paid')
      limit 10`,
  );
  const stillHeld = await rows(
    db,
    `select c.id, c.hold_key from cards_market.cards c
      join matchday.card_holds h on h.hold_key = c.hold_key
      join matchday.matchdays m on m.id = h.matchday_id
     where m.state <> 'open' limit 10`,
  );
  const [count] = await rows(
    db,
    `select (select count(*) from matchday.lineups) lineups,
            (select count(*) from matchday.lineups where reward_state = 'paid') paid,
            (select count(*) from matchday.matchdays where state = 'scored') scored`,
  );
  return [
    line(
      'matchday: every reward paid once, to its player, and no other',
      [
        ...unpaid.map((r) => `reward not paid: ${show(r)}`),
        ...wrong.map((r) => `paid reward without exactly one matching wallet transaction: ${show(r)}`),
        ...orphans.map((r) => `wallet matchday transaction no paid lineup accounts for: ${show(r)}`),
        ...stillHeld.map((r) => `card still held by a lineup after its kickoff: ${show(r)}`),
      ],
      `${String(count?.['lineups'])} lineups, ${String(count?.['paid'])} rewards paid, ${String(count?.['scored'])} matchdays scored`,
    ),
  ];
}
