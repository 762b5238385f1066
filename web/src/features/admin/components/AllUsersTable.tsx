import { ArrowDown, ArrowUp } from 'lucide-react';
import { useState } from 'react';

import type { AdminUser } from '@touchline/contract';
import { SearchInput } from '@/components/ui/SearchInput';
import { formatNumber } from '@/lib/format';

import {
  filterByEmailOrUsername,
  formatCash,
  spendLabel,
  formatDate,
  formatDateTime,
  nextSort,
  sortUsers,
  type UserSort,
  type UserSortKey,
} from '../utils';

const COLUMNS: { key: UserSortKey | null; label: string }[] = [
  { key: 'id', label: 'ID' },
  { key: 'email', label: 'Email' },
  { key: 'coins', label: 'Coins' },
  { key: 'cardCount', label: 'Cards' },
  { key: 'collectionValue', label: 'Collection Value' },
  { key: 'createdAt', label: 'Joined' },
  { key: 'purchaseTotal', label: 'Spent' },
  { key: 'purchaseCount', label: 'Purchases' },
  { key: null, label: 'Last Login' },
  { key: null, label: 'Role' },
];
const cell = 'px-3 py-2 whitespace-nowrap';

/** The Users tab of /admin: every user, searchable by e-mail or username, sortable by each listed column. */
export function AllUsersTable({ users }: { users: readonly AdminUser[] }) {
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<UserSort>({ key: 'id', direction: 'asc' });
  const shown = sortUsers(filterByEmailOrUsername(users, search), sort);
  return (
    <div className="flex flex-col gap-3">
      <h2 className="text-base font-bold text-slate-50">All Users ({users.length})</h2>
      <SearchInput value={search} onValueChange={setSearch} placeholder="Search by email or username" />
      <div className="overflow-x-auto rounded-xl border border-white/5">
        <table aria-label="All users" className="w-full text-left text-xs text-slate-200">
          <thead className="bg-slate-900 text-slate-400">
            <tr>
              {COLUMNS.map(({ key, label }) => (
                <th
                  key={label}
                  scope="col"
                  className={cell}
                  aria-sort={
                    key && sort.key === key
                      ? sort.direction === 'asc'
                        ? 'ascending'
                        : 'descending'
                      : undefined
                  }
                >
                  {key ? (
                    <button
                      type="button"
                      className="inline-flex items-center gap-1 font-semibold"
                      onClick={() => setSort(nextSort(sort, key))}
                    >
                      {label}
                      {sort.key === key &&
                        (sort.direction === 'asc' ? (
                          <ArrowUp aria-hidden className="size-3" />
                        ) : (
                          <ArrowDown aria-hidden className="size-3" />
                        ))}
                    </button>
                  ) : (
                    label
                  )}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {shown.map((u) => (
              <tr key={u.id} data-testid={`all-user-${u.id}`} className="border-t border-white/5">
                <td className={cell}>{u.id}</td>
                <td className={cell}>{u.email}</td>
                <td className={cell}>{formatNumber(u.coins)}</td>
                <td className={cell}>{u.cardCount}</td>
                <td className={cell}>{formatNumber(u.collectionValue)}</td>
                <td className={cell}>{formatDate(u.createdAt)}</td>
                <td className={cell}>{spendLabel(u, formatCash(0))}</td>
                <td className={cell}>
                  {u.purchaseCount + u.testPurchaseCount > 0
                    ? u.purchaseCount + u.testPurchaseCount
                    : 'No purchases'}
                </td>
                <td className={cell}>{formatDateTime(u.lastLoginAt)}</td>
                <td className={cell}>{u.isAdmin ? 'Admin' : 'User'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
