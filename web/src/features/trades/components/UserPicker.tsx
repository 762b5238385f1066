import { UserRound } from 'lucide-react';

import { SearchableCombobox } from '@/components/ui/SearchableCombobox';
import { useUser } from '@/lib/data/auth';

import { useUsernames } from '@/lib/data/trades';
import { tradeableUsers } from '@/lib/trades';

export interface UserPickerProps {
  /** The chosen username; '' when none. */
  value: string;
  onChange: (username: string, userId: number) => void;
  /** Id of the visible label of the picker. */
  labelId: string;
}

/** Searchable picker of the users one can trade with (a combobox in a popover; id 0 and self left out). */
export function UserPicker({ value, onChange, labelId }: UserPickerProps) {
  const { data: me } = useUser();
  const usernames = useUsernames();

  return (
    <SearchableCombobox
      items={tradeableUsers(usernames.data ?? [], me?.id)}
      status={usernames}
      getKey={(entry) => entry.id}
      getLabel={(entry) => entry.username}
      renderItem={(entry) => (
        <span
          aria-hidden
          className="flex size-6 shrink-0 items-center justify-center rounded-full bg-slate-700 text-[10px] font-bold text-slate-200 uppercase"
        >
          {entry.username.slice(0, 2)}
        </span>
      )}
      isSelected={(entry) => entry.username === value}
      onSelect={(entry) => onChange(entry.username, entry.id)}
      selectedLabel={value}
      leadingIcon={<UserRound aria-hidden className="size-4 shrink-0 text-slate-400" />}
      placeholder="Select a user"
      searchPlaceholder="Search users..."
      emptyText="No user found."
      listLabel="Users"
      labelId={labelId}
    />
  );
}
