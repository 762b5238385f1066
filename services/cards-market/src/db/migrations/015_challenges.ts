import type { Migration } from '@touchline/kit';

/**
 * Squad challenges (docs/design.md#5-cards-and-the-market, decision 0018). A submission gives up
 * its cards for the challenge's reward: in its transaction each card leaves circulation for good,
 * owned by no one (`owner_id` -1, not the market's 0), still carrying `hold_key =
 * 'challenge:<submission id>'` so every check that refuses a held card refuses it forever, and
 * naming its submission in `burned_by` (the audit: every burned card has its challenge). A player
 * completes a challenge once: `unique (challenge_id, user_id)`. The coin reward is a wallet grant
 * keyed `challenge:{challenge}:{user}`; `reward` says where it stands ('pending' until the wallet
 * answered: the sweeper pays what a crash left).
 */
export const challenges: Migration = {
  name: '015_challenges',
  async up(db) {
    await db.raw(
      `create table challenges (
         id bigserial primary key,
         title text not null,
         description text not null default '',
         card_count integer not null check (card_count between 1 and 11),
         team_id integer references teams (id),
         position text check (position in ('Goalkeeper', 'Defender', 'Midfielder', 'Forward')),
         min_rarity text check (min_rarity in ('Common', 'Rare', 'Epic', 'Legendary', 'Ultra Legendary')),
         min_total_value bigint check (min_total_value > 0),
         reward_coins bigint not null check (reward_coins > 0),
         starts_at timestamptz not null,
         ends_at timestamptz check (ends_at > starts_at),
         retired_at timestamptz,
         created_by bigint not null,
         idempotency_key text not null,
         created_at timestamptz not null,
         updated_at timestamptz not null,
         unique (created_by, idempotency_key)
       )`,
    );
    await db.raw(
      `create table challenge_submissions (
         id bigserial primary key,
         challenge_id bigint not null references challenges (id),
         user_id bigint not null,
         idempotency_key text not null,
         card_ids bigint[] not null,
         total_value bigint not null,
         reward_coins bigint not null,
         reward text not null check (reward in ('pending', 'paid')),
         transaction_id bigint,
         created_at timestamptz not null,
         paid_at timestamptz,
         unique (challenge_id, user_id),
         unique (user_id, idempotency_key)
       )`,
    );
    // The sweeper's work: rewards the wallet has not confirmed yet.
    await db.raw(
      `create index challenge_submissions_unpaid on challenge_submissions (created_at) where reward = 'pending'`,
    );
    await db.raw(`alter table cards add column burned_by bigint references challenge_submissions (id)`);
    // A burned card is the only card without a player or the market as owner, and it names its submission.
    await db.raw(
      `alter table cards add constraint cards_burned_owner check ((owner_id = -1) = (burned_by is not null))`,
    );
  },
};
