import type { Migration } from '@touchline/kit';
import { notificationsTable } from './001_notifications';

/** The notifications schema, in order. */
export const migrations: Migration[] = [notificationsTable];
