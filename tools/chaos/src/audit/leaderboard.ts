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
