import * as Popover from '@radix-ui/react-popover';
import { Check, ChevronsUpDown, Search } from 'lucide-react';
import { useId, useState, type KeyboardEvent } from 'react';
import { toast } from 'sonner';

import { Alert } from '@/components/ui/Alert';
import { Spinner } from '@/components/ui/Spinner';
import type { User } from '@/features/auth/api';
import { useTeams } from '@/features/cards/api';
import { ClubLogo } from '@/features/cards/components/ClubCrest';
import type { Team } from '@/features/cards/types';
import { errorMessage } from '@/lib/api';
import { cn } from '@/lib/cn';

import { useSetFavoriteTeam } from '../api';

/** Searchable club picker (a combobox in a popover); choosing a club saves it right away. */
export function FavoriteTeamPicker({ user, labelId }: { user: User; labelId: string }) {
  const teams = useTeams();
  const setFavorite = useSetFavoriteTeam();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const listId = useId();

  const selected = teams.data?.find((team) => team.id === user.favoriteTeamId);
  const needle = query.trim().toLowerCase();
  const options = (teams.data ?? []).filter(
    (team) =>
      !needle ||
      [team.name, team.shortName, team.abbreviation, team.city].some((field) =>
        field.toLowerCase().includes(needle),
      ),
  );
  const activeIndex = Math.min(active, Math.max(0, options.length - 1));

  function handleOpenChange(next: boolean) {
    setOpen(next);
    if (next) {
      setQuery('');
      setActive(0);
    }
  }

  async function choose(team: Team) {
    setOpen(false);
    if (team.id === user.favoriteTeamId) return;
    try {
      await setFavorite.mutateAsync({ teamId: team.id });
    } catch (error) {
      toast.error('Failed to update team', { description: errorMessage(error) });
      return;
    }
    toast.success('Favorite team updated', {
      description: 'Your favorite team has been updated successfully!',
    });
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
      const team = options[activeIndex];
      if (team) void choose(team);
    }
  }

  const optionId = (team: Team) => `${listId}-${team.id}`;

  return (
    <Popover.Root open={open} onOpenChange={handleOpenChange}>
      <Popover.Trigger
        role="combobox"
        aria-labelledby={labelId}
        aria-expanded={open}
        aria-haspopup="listbox"
        aria-busy={setFavorite.isPending || undefined}
        className={cn(
          'flex h-12 w-full items-center gap-3 rounded-xl border border-slate-700/80 bg-slate-900/80 px-3 text-left text-sm',
          'transition-colors hover:border-slate-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-400',
        )}
      >
        {selected ? (
          <>
            <ClubLogo team={selected} className="h-7 w-6" />
            <span className="min-w-0 flex-1 truncate font-semibold text-slate-100">{selected.name}</span>
          </>
        ) : (
          <span className="min-w-0 flex-1 truncate text-slate-500">Select your favorite club</span>
        )}
        {setFavorite.isPending ? (
          <Spinner size="sm" label={null} className="text-emerald-400" />
        ) : (
          <ChevronsUpDown aria-hidden className="size-4 shrink-0 text-slate-500" />
        )}
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
              aria-label="Search team..."
              placeholder="Search team..."
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
          {teams.isPending ? (
            <div className="flex justify-center py-6 text-emerald-400">
              <Spinner />
            </div>
          ) : teams.isError ? (
            <Alert className="m-2">{errorMessage(teams.error)}</Alert>
          ) : options.length === 0 ? (
            <p className="px-3 py-6 text-center text-sm text-slate-400">No team found.</p>
          ) : (
            <ul id={listId} role="listbox" aria-label="Teams" className="max-h-64 overflow-y-auto p-1">
              {options.map((team, index) => {
                const isSelected = team.id === user.favoriteTeamId;
                return (
                  <li
                    key={team.id}
                    id={optionId(team)}
                    role="option"
                    aria-selected={isSelected}
                    onClick={() => void choose(team)}
                    onMouseMove={() => setActive(index)}
                    className={cn(
                      'flex cursor-pointer items-center gap-2.5 rounded-lg px-2 py-2 text-sm',
                      index === activeIndex ? 'bg-slate-800 text-white' : 'text-slate-200',
                    )}
                  >
                    <ClubLogo team={team} className="h-6 w-5" />
                    <span className="min-w-0 flex-1 truncate">{team.name}</span>
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
