import { ArrowDown, ArrowUp } from 'lucide-react';
import { useState } from 'react';

import { SearchInput } from '@/components/ui/SearchInput';
import { errorMessage } from '@/lib/api';
import { useAdminUsers } from '@/lib/data/admin';

import { nextSort, sortUsers, type UserSort } from '../utils';
import { USER_COLUMNS } from './userColumns';
import type { UsersScreen } from './usersScreens';
import { useUserModeration } from './useUserModeration';

const cell = 'px-2 py-2 whitespace-nowrap';
const wrappingCell = 'min-w-32 px-2 py-2';

/**
 * The one admin users table, on every screen that lists users: one query (/api/admin/users), one cell
 * per column, so two screens can never show a user differently. The screen picks the columns, search
 * and heading its spec asks for. The table takes the page's width and scrolls inside itself when wider.
 */
export function UsersTable({ screen }: { screen: UsersScreen }) {
  const users = useAdminUsers(true);
  const { menuFor, dialogs } = useUserModeration();
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<UserSort>({ key: 'id', direction: 'asc' });

  if (users.isPending) return <p className="py-8 text-center text-sm text-slate-400">Loading users...</p>;
  if (users.isError) {
    return (
      <p role="alert" className="py-8 text-center text-sm text-rose-300">
        Error loading users: {errorMessage(users.error)}
      </p>
    );
  }
  const shown = sortUsers(screen.search(users.data, search), sort);
  const columns = screen.columns.map((id) => ({ id, ...USER_COLUMNS[id] }));

  return (
    <div className="flex min-w-0 flex-col gap-3">
      {screen.heading && (
        <h2 className="text-base font-bold text-slate-50">{screen.heading(users.data.length)}</h2>
      )}
      <SearchInput value={search} onValueChange={setSearch} placeholder={screen.searchPlaceholder} />
      {shown.length === 0 ? (
        <p className="py-8 text-center text-sm text-slate-400">
          {users.data.length === 0 ? 'No users found.' : 'No users match your search.'}
        </p>
      ) : (
        <div
          data-testid="users-table-scroll"
          className="max-w-full overflow-x-auto rounded-xl border border-white/5"
        >
          <table aria-label={screen.label} className="w-full text-left text-xs text-slate-200">
            <thead className="bg-slate-900 text-slate-400">
              <tr>
                {columns.map(({ id, label, sortKey }) => (
                  <th
                    key={id}
                    scope="col"
                    className={cell}
                    aria-sort={
                      sortKey && sort.key === sortKey
                        ? sort.direction === 'asc'
                          ? 'ascending'
                          : 'descending'
                        : undefined
                    }
                  >
                    {sortKey ? (
                      <button
                        type="button"
                        className="inline-flex items-center gap-1 font-semibold"
                        onClick={() => setSort(nextSort(sort, sortKey))}
                      >
                        {label}
                        {sort.key === sortKey &&
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
              {shown.map((user) => (
                <tr key={user.id} data-testid={`user-${user.id}`} className="border-t border-white/5">
                  {columns.map(({ id, cell: render, wraps }) => (
                    <td key={id} className={wraps ? wrappingCell : cell}>
                      {render(user, menuFor)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {dialogs}
    </div>
  );
}
