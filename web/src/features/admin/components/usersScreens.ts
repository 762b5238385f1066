import type { AdminUser } from '@touchline/contract';

import { filterByEmail, filterByEmailOrUsername } from '../utils';
import type { UserColumnId } from './userColumns';

/** What differs between the two spec screens that list users; the table, data and cells are shared. */
export interface UsersScreen {
  /** The table's accessible name. */
  label: string;
  /** 'All Users (count)' on /admin; none on the dashboard. */
  heading?: (count: number) => string;
  searchPlaceholder: string;
  search: (users: readonly AdminUser[], text: string) => AdminUser[];
  columns: readonly UserColumnId[];
}

/** /admin/dashboard › User Management (docs/spec/economy-admin-spec.md), with the spend columns. */
export const USER_MANAGEMENT: UsersScreen = {
  label: 'Users',
  searchPlaceholder: 'Search users by email...',
  search: filterByEmail,
  columns: [
    'id',
    'email',
    'coins',
    'collectionValue',
    'cardCount',
    'rank',
    'joined',
    'spent',
    'purchases',
    'status',
    'flags',
    'actions',
  ],
};

/** /admin › Users (docs/spec/economy-admin-spec.md). */
export const ALL_USERS: UsersScreen = {
  label: 'All users',
  heading: (count) => `All Users (${count})`,
  searchPlaceholder: 'Search by email or username',
  search: filterByEmailOrUsername,
  columns: [
    'id',
    'email',
    'coins',
    'cardCount',
    'collectionValue',
    'joined',
    'spent',
    'purchases',
    'lastLogin',
    'role',
  ],
};
