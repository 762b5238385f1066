import type { Knex } from 'knex';
import { line, type AuditLine } from './line';

type Row = Record<string, unknown>;
const rows = async (db: Knex, sql: string) => (await db.raw(sql)).rows as Row[];
const show = (r: Row) =>
  Object.entries(r)
    .map(
      ([k, v]) => `${k}=${v instanceof Date ? v.toISOString() : Array.isArray(v) ? `[${v.join(',')}]` : v}`,
    )
    .join(' ');

/** cards-market's own data: one owner per card, editions unique, no listing sold twice, nothing half-way. */
export async function auditCards(db: Knex): Promise<AuditLine[]> {
  const owners = await rows(
    db,
    // A card burned for a squad challenge is owned by no one (-1) on purpose; auditChallenges checks it.
    `select id, owner_id from cards_market.cards where owner_id is null or (owner_id < 0 and burned_by is null) limit 10`,
  );
  const editions = await rows(
    db,
    `select player_id, edition_number, count(*) c from cards_market.cards group by 1, 2 having count(*) > 1 limit 10`,
  );
  const minted = await rows(
    db,
    `select p.id player_id, p.minted_editions, p.max_editions, count(c.id) cards
       from cards_market.players p left join cards_market.cards c on c.player_id = p.id
      group by p.id having count(c.id) <> p.minted_editions or count(c.id) > p.max_editions limit 10`,
  );
  const soldTwice = await rows(
    db,
    `select listing_id, count(*) sales from cards_market.sales where state = 'completed' and listing_id is not null
      group by listing_id having count(*) > 1 limit 10`,
  );
  const soldState = await rows(
    db,
    `select l.id listing_id, l.status, count(s.id) completed_sales
       from cards_market.listings l left join cards_market.sales s on s.listing_id = l.id and s.state = 'completed'
      group by l.id, l.status
     having (l.status = 'sold') <> (count(s.id) = 1) limit 10`,
  );
  const activeTwice = await rows(
    db,
    `select card_id, count(*) c from cards_market.listings where status in ('active', 'settling')
      group by card_id having count(*) > 1 limit 10`,
  );
  const activeNotOwned = await rows(
    db,
    `select l.id listing_id, l.card_id, l.seller_id, c.owner_id from cards_market.listings l
       join cards_market.cards c on c.id = l.card_id where l.status = 'active' and c.owner_id <> l.seller_id limit 10`,
  );
  const buyerOwns = await rows(
    db,
    // The last completed sale of a card that did not move since (no later sale, trade hold or listing
    // by someone else) must have left it with its buyer.
    `select s.id sale_id, s.card_id, s.buyer_id, c.owner_id from cards_market.sales s
       join cards_market.cards c on c.id = s.card_id
      where s.state = 'completed' and c.owner_id <> s.buyer_id and c.burned_by is null
        and not exists (select 1 from cards_market.sales s2 where s2.card_id = s.card_id and s2.state = 'completed' and s2.updated_at > s.updated_at)
        and not exists (select 1 from cards_market.card_holds h where s.card_id = any(h.card_ids) and h.updated_at > s.updated_at and h.status = 'committed')
        and not exists (select 1 from cards_market.shop_transfers t where s.card_id = any(t.card_ids))
        and not exists (select 1 from cards_market.auctions a where a.card_id = s.card_id and a.status = 'sold' and a.settled_at > s.updated_at)
      limit 10`,
  );
  return [
    line('cards: each card has exactly one owner, each edition one card', [
      ...owners.map((r) => `card ${r.id} has owner ${r.owner_id}`),
      ...editions.map((r) => `player ${r.player_id} edition ${r.edition_number} exists ${r.c} times`),
      ...minted.map(
        (r) =>
          `player ${r.player_id}: ${r.cards} cards, minted_editions ${r.minted_editions}, max ${r.max_editions}`,
      ),
    ]),
    line('market: no listing sold twice, sold listings have their sale, active ones their card', [
      ...soldTwice.map((r) => `listing ${r.listing_id} has ${r.sales} completed sales`),
      ...soldState.map(
        (r) => `listing ${r.listing_id} is ${r.status} with ${r.completed_sales} completed sales`,
      ),
      ...activeTwice.map((r) => `card ${r.card_id} is on ${r.c} open listings`),
      ...activeNotOwned.map(
        (r) => `listing ${r.listing_id} sells card ${r.card_id} of ${r.owner_id} for ${r.seller_id}`,
      ),
      ...buyerOwns.map(
        (r) => `sale ${r.sale_id}: card ${r.card_id} with ${r.owner_id}, not its buyer ${r.buyer_id}`,
      ),
    ]),
  ];
}

/**
 * Whether a cards-market hold key is a card of a lineup of the matchday taking lineups: it stays held
 * until kickoff by design (a crowd's or a short chaos run's matchday may not kick off in the run).
 */
const IN_OPEN_LINEUP = (holdKey: string) =>
  `exists (select 1 from matchday.card_holds m join matchday.matchdays d on d.id = m.matchday_id where m.hold_key = ${holdKey} and m.state = 'held' and d.state = 'open')`;

/** Sagas and holds of every service: after the sweepers ran, none is left half-way. */
export async function auditOpenWork(db: Knex): Promise<AuditLine[]> {
  const checks: [string, string][] = [
    [
      'cards-market sale',
      `select id, state, buyer_id, card_id, updated_at from cards_market.sales where state = 'started'`,
    ],
    [
      'cards-market listing',
      `select id, status, card_id from cards_market.listings where status = 'settling'`,
    ],
    [
      'cards-market card',
      // A burned card keeps its challenge's key for good, and a card in a lineup its lineup's key
      // until kickoff: neither is work left.
      `select id, owner_id, reserved_by, hold_key from cards_market.cards c where (reserved_by is not null or hold_key is not null) and burned_by is null and (reserved_by is not null or not ${IN_OPEN_LINEUP('c.hold_key')})`,
    ],
    [
      'cards-market challenge reward',
      `select id, challenge_id, user_id, created_at from cards_market.challenge_submissions where reward = 'pending'`,
    ],
    [
      'cards-market card hold',
      `select hold_key, status, card_ids from cards_market.card_holds h where status = 'held' and not ${IN_OPEN_LINEUP('h.hold_key')}`,
    ],
    [
      'cards-market pack',
      `select id, state, user_id from cards_market.pack_purchases where state in ('started', 'refunding')`,
    ],
    [
      'cards-market auction',
      `select id, status, card_id, ends_at from cards_market.auctions where status in ('open', 'settling')`,
    ],
    [
      'cards-market auction bid',
      `select id, auction_id, status, hold from cards_market.auction_bids where status = 'pending' or hold in ('taking', 'releasing')`,
    ],
    [
      'trading saga',
      `select id, state, offer_id from trading.trade_sagas where state not in ('committed', 'failed')`,
    ],
    [
      'trading offer',
      `select id, status, pending_void from trading.trade_offers where pending_void is not null or status not in ('pending', 'accepted', 'declined', 'cancelled', 'expired', 'voided', 'countered')`,
    ],
    ['missions claim', `select claim_id, state, user_id from missions.mission_claims where state <> 'paid'`],
    [
      'matchday waiting for results',
      `select id, state, results_at from matchday.matchdays where state = 'locked'`,
    ],
    [
      'matchday reward',
      `select matchday_id, user_id, reward from matchday.lineups where reward_state = 'pending'`,
    ],
    [
      'matchday card hold',
      `select hold_key, state from matchday.card_holds where state in ('holding', 'releasing')`,
    ],
    [
      'wallet promo reward',
      `select id, code, mint_status from wallet.promo_redemptions where mint_status not in ('done', 'none')`,
    ],
    ...[
      'identity',
      'wallet',
      'cards_market',
      'trading',
      'missions',
      'leaderboard',
      'notifications',
      'admin',
      'matchday',
    ].map((s): [string, string] => [
      `${s} outbox event`,
      `select id, topic, created_at from ${s}.outbox where published_at is null`,
    ]),
  ];
  const violations: string[] = [];
  for (const [what, sql] of checks)
    for (const r of await rows(db, `${sql} limit 10`)) violations.push(`${what} open: ${show(r)}`);
  return [line('sagas: no hold, saga, claim or outbox event left open', violations)];
}

/**
 * Squad challenges (decision 0018): every burned card has its challenge (its submission exists, lists
 * it and names an existing challenge) and every submission's cards are burned by it; no player
 * completed a challenge twice; every completed pack-reward challenge minted exactly its pack's card
 * count, once: its submission names that many cards, each minted for a challenge (origin 'challenge')
 * and named by no other submission, and no challenge card exists that no submission names.
 */
export async function auditChallenges(
  db: Knex,
  packSizes: ReadonlyMap<number, number>,
): Promise<AuditLine[]> {
  const orphans = await rows(
    db,
    `select c.id card_id, c.burned_by from cards_market.cards c
       left join cards_market.challenge_submissions s on s.id = c.burned_by
       left join cards_market.challenges ch on ch.id = s.challenge_id
      where c.owner_id = -1 and (s.id is null or ch.id is null or not (c.id = any(s.card_ids)))
      limit 10`,
  );
  const unburned = await rows(
    db,
    `select s.id submission_id, card_id from cards_market.challenge_submissions s
       cross join lateral unnest(s.card_ids) card_id
       left join cards_market.cards c on c.id = card_id
      where c.burned_by is distinct from s.id limit 10`,
  );
  const twice = await rows(
    db,
    `select challenge_id, user_id, count(*) c from cards_market.challenge_submissions
      group by 1, 2 having count(*) > 1 limit 10`,
  );
  const packs = await rows(
    db,
    `select s.id submission_id, s.challenge_id, ch.reward_pack_id, s.reward_pack_id given,
            coalesce(cardinality(s.pack_card_ids), 0) cards
       from cards_market.challenge_submissions s join cards_market.challenges ch on ch.id = s.challenge_id
      where ch.reward_pack_id is not null or s.reward_pack_id is not null or s.pack_card_ids is not null`,
  );
  const wrongSize = packs.filter(
    (r) =>
      r.given !== r.reward_pack_id || Number(r.cards) !== (packSizes.get(Number(r.reward_pack_id)) ?? -1),
  );
  const packCards = await rows(
    db,
    `select card_id, count(*) submissions, min(c.origin) origin
       from cards_market.challenge_submissions s cross join lateral unnest(s.pack_card_ids) card_id
       left join cards_market.cards c on c.id = card_id
      group by card_id having count(*) > 1 or min(c.origin) is distinct from 'challenge' limit 10`,
  );
  const unnamed = await rows(
    db,
    `select c.id card_id from cards_market.cards c
      where c.origin = 'challenge' and not exists (
        select 1 from cards_market.challenge_submissions s where c.id = any(s.pack_card_ids)) limit 10`,
  );
  return [
    line('challenges: every burned card has its challenge, every squad is burned, each completed once', [
      ...orphans.map(
        (r) => `card ${r.card_id} is burned by submission ${r.burned_by}, which does not name it`,
      ),
      ...unburned.map((r) => `submission ${r.submission_id}: card ${r.card_id} is not burned by it`),
      ...twice.map((r) => `user ${r.user_id} completed challenge ${r.challenge_id} ${r.c} times`),
    ]),
    line('challenges: every pack reward minted exactly its pack’s cards, once', [
      ...wrongSize
        .slice(0, 10)
        .map(
          (r) =>
            `submission ${r.submission_id} of challenge ${r.challenge_id} (pack ${r.reward_pack_id}) has ${r.cards} card(s) of pack ${r.given}`,
        ),
      ...packCards.map(
        (r) => `card ${r.card_id} is named by ${r.submissions} reward pack(s), origin ${r.origin}`,
      ),
      ...unnamed.map((r) => `card ${r.card_id} was minted for a challenge no submission names`),
    ]),
  ];
}
