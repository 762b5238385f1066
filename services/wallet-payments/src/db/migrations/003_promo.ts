import type { Migration } from '@touchline/kit';

/**
 * Promo codes and their redemptions (docs/design.md#4-cross-service-operations-sagas). The code row is locked while a redemption
 * is checked and written, and (code, user) is unique, so a user redeems a code once however many
 * requests race. Card rewards are minted by cards-market after the redemption commits; mint_status
 * tracks that step until it is done.
 */
export const promo: Migration = {
  name: '003_promo',
  async up(db) {
    await db.schema.createTable('promo_codes', (t) => {
      // Stored upper-case and trimmed: lookups normalise the input the same way, so the primary key
      // is a case-insensitive uniqueness.
      t.text('code').primary();
      t.text('description').notNullable().defaultTo('');
      t.bigInteger('coins').notNullable().defaultTo(0);
      // One card: the next free edition of this player (cards-market player id).
      t.bigInteger('card_player_id');
      // [{packId, name, quantity}]: the cards of whole packs, drawn with each pack's odds.
      t.jsonb('packs').notNullable().defaultTo('[]');
      // generated_count random cards of generated_rarity.
      t.integer('generated_count').notNullable().defaultTo(0);
      t.text('generated_rarity');
      t.timestamp('expires_at', { useTz: true });
      // Null: unlimited.
      t.integer('max_redemptions');
      t.integer('redemptions_count').notNullable().defaultTo(0);
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
    });
    await db.raw(`
      alter table promo_codes
        add constraint promo_codes_normalised check (code = upper(btrim(code)) and length(code) between 1 and 64),
        add constraint promo_codes_coins check (coins >= 0),
        add constraint promo_codes_generated check (
          generated_count >= 0 and (generated_count = 0 or generated_rarity is not null)
        ),
        add constraint promo_codes_limit check (
          redemptions_count >= 0 and (max_redemptions is null or redemptions_count <= max_redemptions)
        ),
        add constraint promo_codes_rewards_something check (
          coins > 0 or card_player_id is not null or packs <> '[]'::jsonb or generated_count > 0
        )
    `);

    await db.schema.createTable('promo_redemptions', (t) => {
      t.bigIncrements('id').primary();
      t.text('code').notNullable().references('code').inTable('promo_codes');
      t.bigInteger('user_id').notNullable();
      // The request's key: its retry answers this redemption instead of "already redeemed".
      t.text('idempotency_key').notNullable().defaultTo('');
      // The code's rewards as they were when redeemed (a later edit of the code changes nothing here).
      t.jsonb('reward').notNullable();
      // 'none': coins only; 'pending': cards still to mint; 'done': card_ids holds them.
      t.text('mint_status').notNullable();
      // Minted card ids in MintCards order: the single card (if any) first.
      t.jsonb('card_ids');
      t.integer('mint_attempts').notNullable().defaultTo(0);
      t.timestamp('next_mint_at', { useTz: true });
      t.text('last_mint_error');
      t.timestamp('created_at', { useTz: true }).notNullable();
      t.timestamp('minted_at', { useTz: true });
      t.unique(['code', 'user_id']);
    });
    await db.raw(`
      alter table promo_redemptions
        add constraint promo_redemptions_mint_status check (mint_status in ('none', 'pending', 'done')),
        add constraint promo_redemptions_done_has_cards check ((mint_status = 'done') = (card_ids is not null))
    `);
    // The sweeper's queue.
    await db.raw(
      `create index promo_redemptions_pending on promo_redemptions (next_mint_at) where mint_status = 'pending'`,
    );
  },
};
