import type { Knex } from 'knex';
import { line, type AuditLine } from './line';

const n = (v: unknown) => Number(v ?? 0);

/** The wallet's ledger from its own tables: balanced, cached balances true, no user below zero, no hold open. */
export async function auditLedger(db: Knex): Promise<AuditLine[]> {
  const [total] = (await db.raw(`select coalesce(sum(amount), 0) as s, count(*) as c from wallet.entries`))
    .rows;
  const unbalanced = (
    await db.raw(
      `select transaction_id, sum(amount) as s from wallet.entries group by transaction_id having sum(amount) <> 0 limit 10`,
    )
  ).rows as { transaction_id: string; s: string }[];
  const sumZero = [
    ...(n(total.s) !== 0 ? [`entries sum to ${total.s}, not 0`] : []),
    ...unbalanced.map((r) => `transaction ${r.transaction_id} sums to ${r.s}`),
  ];
  const mismatched = (
    await db.raw(
      `select a.name, a.balance, coalesce(e.s, 0) as entries
         from wallet.account_balances a left join (select account, sum(amount) s from wallet.entries group by account) e
           on e.account = a.name
        where a.balance <> coalesce(e.s, 0)
       union all
       select e.account, null, e.s from (select account, sum(amount) s from wallet.entries group by account) e
        where not exists (select 1 from wallet.accounts a where a.name = e.account)`,
    )
  ).rows as { name: string; balance: string | null; entries: string }[];
  const negative = (
    await db.raw(
      `select name, balance from wallet.accounts where name like 'user:%' and (balance < 0 or held < 0)`,
    )
  ).rows as { name: string; balance: string }[];
  const openHolds = (
    await db.raw(`select hold_key, from_account, amount, created_at from wallet.holds where status = 'held'`)
  ).rows as { hold_key: string; from_account: string; amount: string }[];
  const heldMismatch = (
    await db.raw(
      `select a.name, a.held, coalesce(h.s, 0) as open
         from wallet.accounts a
         left join (select from_account, sum(amount) s from wallet.holds where status = 'held' group by from_account) h
           on h.from_account = a.name
        where a.held <> coalesce(h.s, 0)`,
    )
  ).rows as { name: string; held: string; open: string }[];
  return [
    line('ledger: entries sum to zero, each transaction balanced', sumZero, `${total.c} entries`),
    line(
      'ledger: every cached balance equals its entries',
      mismatched.map((r) => `${r.name}: balance ${r.balance ?? 'missing'}, entries ${r.entries}`),
    ),
    line(
      'ledger: no user balance below zero',
      negative.map((r) => `${r.name}: ${r.balance}`),
    ),
    line('wallet: no hold left open, held amounts match open holds', [
      ...openHolds.map((h) => `hold ${h.hold_key} of ${h.amount} from ${h.from_account} still held`),
      ...heldMismatch.map((r) => `${r.name}: held ${r.held}, open holds ${r.open}`),
    ]),
  ];
}

/**
 * Every coin accounted for: what platform:mint gave out, per reason, equals what the owning records
 * say was granted (sign-ups, purchases, promo redemptions, mission claims, challenge and matchday rewards), and the coins out there
 * are the balances plus what was paid out.
 */
export async function auditMint(db: Knex, welcomeCoins: number): Promise<AuditLine[]> {
  const minted = new Map(
    (
      (
        await db.raw(
          `select t.reason, -sum(e.amount) as coins from wallet.entries e join wallet.transactions t on t.id = e.transaction_id
            where e.account = 'platform:mint' group by t.reason`,
        )
      ).rows as { reason: string; coins: string }[]
    ).map((r) => [r.reason, n(r.coins)]),
  );
  const [users] = (await db.raw(`select count(*) c from identity.users`)).rows;
  const [purchases] = (await db.raw(`select coalesce(sum(coins), 0) s from wallet.purchases`)).rows;
  const [promo] = (
    await db.raw(`select coalesce(sum((reward->>'coins')::bigint), 0) s from wallet.promo_redemptions`)
  ).rows;
  const [missions] = (
    await db.raw(`select coalesce(sum(reward), 0) s from missions.mission_claims where state = 'paid'`)
  ).rows;
  // Squad challenges (decision 0018): each paid submission's reward, granted once.
  const [challenges] = (
    await db.raw(
      `select coalesce(sum(reward_coins), 0) s from cards_market.challenge_submissions where reward = 'paid'`,
    )
  ).rows;
  const [matchday] = (
    await db.raw(`select coalesce(sum(reward), 0) s from matchday.lineups where reward_state = 'paid'`)
  ).rows;
  const expected: Record<string, number> = {
    welcome: n(users.c) * welcomeCoins,
    purchase: n(purchases.s),
    promo: n(promo.s),
    mission: n(missions.s),
    challenge: n(challenges.s),
    matchday: n(matchday.s),
  };
  const violations: string[] = [];
  for (const [reason, coins] of Object.entries(expected))
    if ((minted.get(reason) ?? 0) !== coins)
      violations.push(`${reason}: minted ${minted.get(reason) ?? 0}, its records say ${coins}`);
  for (const [reason, coins] of minted)
    if (!(reason in expected)) violations.push(`minted ${coins} for an unexpected reason '${reason}'`);

  const balance = async (where: string) =>
    n(
      (await db.raw(`select coalesce(sum(balance), 0) s from wallet.account_balances where ${where}`)).rows[0]
        .s,
    );
  const totalMinted = [...minted.values()].reduce((a, b) => a + b, 0);
  const inUsers = await balance(`name like 'user:%'`);
  const platform = await balance(`name like 'platform:%' and name <> 'platform:mint'`);
  const paidOut = await balance(`name = 'platform:paid-out'`);
  const pending = await balance(`name = 'platform:cashout-pending'`);
  const [cash] = (
    await db.raw(
      `select coalesce(sum(case when status = 'completed' then coins_amount - fee_coins end), 0) paid,
              coalesce(sum(case when status in ('pending', 'processing') then coins_amount end), 0) open
         from wallet.cashout_requests`,
    )
  ).rows;
  if (totalMinted !== inUsers + platform)
    violations.push(`minted ${totalMinted} ≠ user balances ${inUsers} + platform accounts ${platform}`);
  if (paidOut !== n(cash.paid))
    violations.push(`platform:paid-out holds ${paidOut}, completed cash-outs paid ${cash.paid}`);
  if (pending !== n(cash.open))
    violations.push(`platform:cashout-pending holds ${pending}, open cash-out requests ${cash.open}`);
  const [dupPurchases] = (
    await db.raw(
      `select count(*) c from (select payment_intent_id from wallet.purchases group by 1 having count(*) > 1) d`,
    )
  ).rows;
  if (n(dupPurchases.c) > 0) violations.push(`${dupPurchases.c} payment intents credited more than once`);
  return [
    line(
      'coins: minted = balances + paid out, per source',
      violations,
      `minted ${totalMinted} (${[...minted].map(([r, c]) => `${r} ${c}`).join(', ')}), paid out ${paidOut}`,
    ),
  ];
}
