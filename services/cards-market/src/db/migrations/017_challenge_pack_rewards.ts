import type { Migration } from '@touchline/kit';

/**
 * A squad challenge's reward may be a pack of the shop's (issue 44, item 5; decision 0018): coins, a
 * pack, or both. `reward_pack_id` is one of domain/packs.ts PACKS (packs are code, not rows, so no
 * foreign key; cards-market checks it on create). The pack is minted in the transaction that burns
 * the squad, so its cards are on the submission (`pack_card_ids`) from the moment it exists: given
 * exactly once, with the burn or not at all. It waits as an unopened pack until the player reveals
 * it (`pack_revealed_at`, as pack_purchases' `revealed_at`). A pack-only challenge has 0 coins.
 */
export const challengePackRewards: Migration = {
  name: '017_challenge_pack_rewards',
  async up(db) {
    await db.raw(`alter table challenges add column reward_pack_id integer check (reward_pack_id > 0)`);
    await db.raw(`alter table challenges drop constraint challenges_reward_coins_check`);
    await db.raw(
      `alter table challenges add constraint challenges_reward_check
         check (reward_coins >= 0 and (reward_coins > 0 or reward_pack_id is not null))`,
    );
    await db.raw(`alter table challenge_submissions add column reward_pack_id integer`);
    await db.raw(`alter table challenge_submissions add column pack_card_ids bigint[]`);
    await db.raw(`alter table challenge_submissions add column pack_revealed_at timestamptz`);
    // A submission has its pack's cards exactly when its challenge gave a pack.
    await db.raw(
      `alter table challenge_submissions add constraint challenge_submissions_pack_check
         check ((reward_pack_id is null) = (pack_card_ids is null))`,
    );
    // The unopened list's read: a player's reward packs not revealed yet.
    await db.raw(
      `create index challenge_submissions_unrevealed_pack on challenge_submissions (user_id, created_at desc)
         where pack_card_ids is not null and pack_revealed_at is null`,
    );
  },
};
