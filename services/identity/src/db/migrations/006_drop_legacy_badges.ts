import type { Migration } from '@touchline/kit';

/**
 * Badges are missions' (docs/design.md, who owns what): identity's badges table and users.badge
 * column were never written, and reading them cost a statement on every sign-in and user list.
 */
export const dropLegacyBadges: Migration = {
  name: '006_drop_legacy_badges',
  async up(db) {
    await db.schema.dropTableIfExists('badges');
    await db.schema.alterTable('users', (t) => {
      t.dropColumn('badge');
    });
  },
};
