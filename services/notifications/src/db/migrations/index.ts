import type { Migration } from '@touchline/kit';
import { notificationsTable } from './001_notifications';
import { feedUnread } from './002_feed_unread';

/** The notifications schema, in order. */
export const migrations: Migration[] = [notificationsTable, feedUnread];
