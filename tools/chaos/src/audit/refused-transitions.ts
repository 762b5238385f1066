import type { Knex } from 'knex';
import { isRefused, type Answer, type AnswerLog } from '../answers';
import { idFromPath } from './sql';

/**
 * The operations that move one row to a final state without keeping their key: when the row moved,
 * per target (the offer, or the card whose listing is withdrawn). The services stamp updated_at with
 * the same clock the run reads, so a change lies inside the request that made it.
 */
const CHANGES: Record<string, string> = {
  'trade.decline': `select updated_at at from trading.trade_offers where id = ? and status = 'declined'`,
  'trade.cancel': `select updated_at at from trading.trade_offers where id = ? and status = 'cancelled'`,
  'market.withdraw': `select updated_at at from cards_market.listings where card_id = ? and status = 'withdrawn'`,
};

/** Rounding of the client's clock readings (whole ms) and of Postgres' timestamps. */
const SLACK_MS = 5;
const window = (a: Answer) => ({ from: a.at - a.ms - SLACK_MS, to: a.at + SLACK_MS });
const covers = (a: Answer, t: number) => window(a).from <= t && t <= window(a).to;

/**
 * A refused decline, cancel or withdraw changed nothing: every change of its target made while it
 * ran is explained by another call of the same kind on the same target, not refused, running then.
 * Returns the first change that only the refused calls of `group` could have made.
 */
export async function transitionByRefusal(
  db: Knex,
  group: Answer[],
  log: AnswerLog,
): Promise<string | undefined> {
  const sql = CHANGES[group[0]!.kind];
  if (!sql) return undefined;
  const target = idFromPath(group[0]!);
  const changes = ((await db.raw(sql, [target])).rows as { at: Date }[]).map((r) => r.at.getTime());
  const others = log.all.filter(
    (o) => o.kind === group[0]!.kind && idFromPath(o) === target && !isRefused(o),
  );
  for (const refused of group.filter(isRefused))
    for (const t of changes)
      if (covers(refused, t) && !others.some((o) => covers(o, t)))
        return `${group[0]!.kind.split('.')[1]} of ${target} happened at ${new Date(t).toISOString()}, while only this refused call ran`;
  return undefined;
}
