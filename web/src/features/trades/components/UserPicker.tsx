import * as Popover from '@radix-ui/react-popover';
import { Check, ChevronsUpDown, Search, UserRound } from 'lucide-react';
import { useId, useState, type KeyboardEvent } from 'react';

import { Alert } from '@/components/ui/Alert';
import { Spinner } from '@/components/ui/Spinner';
import { useUser } from '@/features/auth/api';
import { errorMessage } from '@/lib/api';
import { cn } from '@/lib/cn';

import { useUsernames } from '../api';
import type { UsernameEntry } from '../types';
import { tradeableUsers } from '../utils';

export interface UserPickerProps {
  /** The chosen username; '' when none. */
  value: string;
  onChange: (username: string) => void;
  /** Id of the visible label of the picker. */
  labelId: string;
}

/** Searchable picker of the users one can trade with (a combobox in a popover; id 0 and self left out). */
export function UserPicker({ value, onChange, labelId }: UserPickerProps) {
  const { data: me } = useUser();
  const usernames = useUsernames();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const listId = useId();

  const users = tradeableUsers(usernames.data ?? [], me?.id);
  const needle = query.trim().toLowerCase();
  const options = users.filter((entry) => !needle || entry.username.toLowerCase().includes(needle));
  const activeIndex = Math.min(active, Math.max(0, options.length - 1));

  function handleOpenChange(next: boolean) {
    setOpen(next);
    if (next) {
      setQuery('');
      setActive(0);
    }
  }

  function choose(entry: UsernameEntry) {
    setOpen(false);
    onChange(entry.username);
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActive(Math.min(options.length - 1, activeIndex + 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive(Math.max(0, activeIndex - 1));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const entry = options[activeIndex];
      if (entry) choose(entry);
    }
  }

  const optionId = (entry: UsernameEntry) => `${listId}-${entry.id}`;

  return (
    <Popover.Root open={open} onOpenChange={handleOpenChange}>
      <Popover.Trigger
        type="button"
        role="combobox"
        aria-labelledby={labelId}
        aria-expanded={open}
        aria-haspopup="listbox"
        className={cn(
          'flex h-12 w-full items-center gap-3 rounded-xl border border-slate-700/80 bg-slate-900/80 px-3 text-left text-sm',
          'transition-colors hover:border-slate-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-400',
        )}
      >
        <UserRound aria-hidden className="size-4 shrink-0 text-slate-400" />
        {value ? (
          <span className="min-w-0 flex-1 truncate font-semibold text-slate-100">{value}</span>
        ) : (
          <span className="min-w-0 flex-1 truncate text-slate-500">Select a user</span>
        )}
        <ChevronsUpDown aria-hidden className="size-4 shrink-0 text-slate-500" />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="start"
          sideOffset={6}
          className="z-50 flex w-(--radix-popover-trigger-width) flex-col overflow-hidden rounded-xl border border-slate-700 bg-slate-900 shadow-2xl shadow-black/50"
        >
          <div className="relative border-b border-white/5">
            <Search
              aria-hidden
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
            />
            <input
              autoFocus
              type="text"
              aria-label="Search users..."
              placeholder="Search users..."
              aria-controls={listId}
              aria-activedescendant={options[activeIndex] ? optionId(options[activeIndex]) : undefined}
              value={query}
              onChange={(event) => {
                setQuery(event.target.value);
                setActive(0);
              }}
              onKeyDown={handleKeyDown}
              className="h-11 w-full bg-transparent pr-3 pl-9 text-sm text-slate-100 placeholder:text-slate-500 focus:outline-none"
            />
          </div>
          {usernames.isPending ? (
            <div className="flex justify-center py-6 text-emerald-400">
              <Spinner />
            </div>
          ) : usernames.isError ? (
            <Alert className="m-2">{errorMessage(usernames.error)}</Alert>
          ) : options.length === 0 ? (
            <p className="px-3 py-6 text-center text-sm text-slate-400">No user found.</p>
          ) : (
            <ul id={listId} role="listbox" aria-label="Users" className="max-h-64 overflow-y-auto p-1">
              {options.map((entry, index) => {
                const isSelected = entry.username === value;
                return (
                  <li
                    key={entry.id}
                    id={optionId(entry)}
                    role="option"
                    aria-selected={isSelected}
                    onClick={() => choose(entry)}
                    onMouseMove={() => setActive(index)}
                    className={cn(
                      'flex cursor-pointer items-center gap-2.5 rounded-lg px-2 py-2 text-sm',
                      index === activeIndex ? 'bg-slate-800 text-white' : 'text-slate-200',
                    )}
                  >
                    <span
                      aria-hidden
                      className="flex size-6 shrink-0 items-center justify-center rounded-full bg-slate-700 text-[10px] font-bold text-slate-200 uppercase"
                    >
                      {entry.username.slice(0, 2)}
                    </span>
                    <span className="min-w-0 flex-1 truncate">{entry.username}</span>
                    {isSelected && <Check aria-hidden className="size-4 text-emerald-400" />}
                  </li>
                );
              })}
            </ul>
          )}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
