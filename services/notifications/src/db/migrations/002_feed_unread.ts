import type { Migration } from '@touchline/kit';

/**
 * Each feed keeps its user's unread count, moved by the statements that add or read notifications
 * under the feed's lock (db/notifications.ts): the count no longer costs a statement of its own
 * after every notification and every mark as read (issue 41).
 */
export const feedUnread: Migration = {
  name: '002_feed_unread',
  async up(db) {
    await db.raw('alter table feeds add column unread integer not null default 0');
    await db.raw(`update feeds f set unread = (
      select count(*) from notifications n where n.user_id = f.user_id and n.read_at is null)`);
  },
};
