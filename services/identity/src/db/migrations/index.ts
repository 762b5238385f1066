import type { Migration } from '@touchline/kit';
import { usersAndSessions } from './001_users_sessions';

export const migrations: Migration[] = [usersAndSessions];
