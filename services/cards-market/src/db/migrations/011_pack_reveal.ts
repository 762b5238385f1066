import type { Migration } from '@touchline/kit';

/**
 * When the buyer saw a pack's cards (issue 43): a pack closed before its reveal stays unopened on
 * home and the shop until revealed, on any device. Packs opened before this count as revealed.
 */
export const packReveal: Migration = {
  name: '011_pack_reveal',
  async up(db) {
    await db.raw(`alter table pack_purchases add column revealed_at timestamptz`);
    await db.raw(`update pack_purchases set revealed_at = updated_at where state = 'completed'`);
    await db.raw(
      `create index pack_purchases_unrevealed on pack_purchases (user_id, created_at desc)
         where state = 'completed' and revealed_at is null`,
    );
  },
};
