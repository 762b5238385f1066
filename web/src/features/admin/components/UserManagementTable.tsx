import { useState } from 'react';
import { toast } from '@/lib/toast';

import type { AdminUser, MuteDuration } from '@touchline/contract';
import { SearchInput } from '@/components/ui/SearchInput';
import { errorMessage } from '@/lib/api';
import { useAdminUsers, useSetBanned, useSetMuted } from '@/lib/data/admin';
import { cn } from '@/lib/cn';
import { formatNumber } from '@/lib/format';

import {
  filterByEmail,
  formatDate,
  moderationActions,
  userStatus,
  type ModerationAction,
  type UserStatus,
} from '../utils';
import { ActionMenu } from './ActionMenu';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { FlagBadges } from './FraudFlagsPanel';
import { MuteDurationField } from './MuteDurationField';
import { ReasonField } from './ReasonField';
import { UserProfileDialog } from './UserProfileDialog';
import { UserTradesDialog } from './UserTradesDialog';

const statusClasses: Record<UserStatus, string> = {
  Admin: 'border-violet-400/40 bg-violet-500/10 text-violet-200',
  Banned: 'border-rose-500/40 bg-rose-500/10 text-rose-200',
  Muted: 'border-amber-500/40 bg-amber-500/10 text-amber-200',
  Active: 'border-emerald-500/40 bg-emerald-500/10 text-emerald-200',
};

const HEADERS = [
  'ID',
  'Email',
  'Coins',
  'Collection Value',
  'Cards',
  'Rank',
  'Joined',
  'Status',
  'Flags',
  'Actions',
];
const cell = 'px-3 py-2 whitespace-nowrap';

interface PendingModeration {
  user: AdminUser;
  action: ModerationAction;
}

/** User Management: search by e-mail, status badges, flags, ban and mute of non-admins. */
export function UserManagementTable() {
  const users = useAdminUsers(true);
  const setBanned = useSetBanned();
  const setMuted = useSetMuted();
  const [search, setSearch] = useState('');
  const [pending, setPending] = useState<PendingModeration | null>(null);
  const [profileOf, setProfileOf] = useState<AdminUser | null>(null);
  const [tradesOf, setTradesOf] = useState<AdminUser | null>(null);
  const [reason, setReason] = useState('');
  const [duration, setDuration] = useState<MuteDuration>('24h');
  const busy = setBanned.isPending || setMuted.isPending;

  function confirm() {
    if (!pending) return;
    const { user, action } = pending;
    const mutation = action.kind === 'ban' ? setBanned : setMuted;
    mutation.mutate(
      {
        userId: user.id,
        value: action.value,
        reason: action.value ? reason : '',
        ...(action.kind === 'mute' && action.value ? { duration } : {}),
      },
      {
        onSuccess: () => {
          const done =
            action.kind === 'ban'
              ? action.value
                ? 'has been banned'
                : 'has been unbanned'
              : action.value
                ? 'has been muted'
                : 'has been unmuted';
          toast.success(action.kind === 'ban' ? 'User status updated' : 'User message status updated', {
            description: `${user.username} (${user.email}) ${done}.`,
          });
          setPending(null);
        },
        onError: (error) => {
          toast.error('Action failed', { description: errorMessage(error) });
          setPending(null);
        },
      },
    );
  }

  if (users.isPending) return <p className="py-8 text-center text-sm text-slate-400">Loading users...</p>;
  if (users.isError) {
    return (
      <p role="alert" className="py-8 text-center text-sm text-rose-300">
        Error loading users: {errorMessage(users.error)}
      </p>
    );
  }
  const shown = filterByEmail(users.data, search);

  return (
    <div className="flex flex-col gap-3">
      <SearchInput value={search} onValueChange={setSearch} placeholder="Search users by email..." />
      {shown.length === 0 ? (
        <p className="py-8 text-center text-sm text-slate-400">
          {users.data.length === 0 ? 'No users found.' : 'No users match your search.'}
        </p>
      ) : (
        <div className="overflow-x-auto rounded-xl border border-white/5">
          <table aria-label="Users" className="w-full text-left text-xs text-slate-200">
            <thead className="bg-slate-900 text-slate-400">
              <tr>
                {HEADERS.map((h) => (
                  <th key={h} scope="col" className={cell}>
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {shown.map((user) => {
                const status = userStatus(user);
                return (
                  <tr key={user.id} data-testid={`user-${user.id}`} className="border-t border-white/5">
                    <td className={cell}>{user.id}</td>
                    <td className={cell}>
                      <span className="flex flex-col">
                        <span className="font-semibold text-slate-100">{user.username}</span>
                        <span className="text-slate-400">{user.email}</span>
                      </span>
                    </td>
                    <td className={cell}>{formatNumber(user.coins)}</td>
                    <td className={cell}>{formatNumber(user.collectionValue)}</td>
                    <td className={cell}>{user.cardCount}</td>
                    <td className={cell}>{user.rank ?? 'N/A'}</td>
                    <td className={cell}>{formatDate(user.createdAt)}</td>
                    <td className={cell}>
                      <span
                        className={cn(
                          'rounded-full border px-2 py-0.5 text-[10px] font-semibold',
                          statusClasses[status],
                        )}
                      >
                        {status}
                      </span>
                      {user.banReason && (
                        <span
                          className="mt-1 block max-w-48 truncate text-[10px] text-slate-400"
                          title={user.banReason}
                        >
                          {user.banReason}
                        </span>
                      )}
                      {!user.banned && user.muted && (
                        <span className="mt-1 block max-w-48 truncate text-[10px] text-slate-400">
                          {user.mutedUntil ? `Until ${formatDate(user.mutedUntil)}` : 'Permanent'}
                          {user.muteReason ? ` · ${user.muteReason}` : ''}
                        </span>
                      )}
                    </td>
                    <td className={cell}>
                      <FlagBadges flags={user.flags} />
                    </td>
                    <td className={cell}>
                      {!user.isAdmin && (
                        <ActionMenu
                          label="Manage User"
                          items={[
                            ...moderationActions(user).map((action) => ({
                              label: action.label,
                              danger: action.value,
                              onSelect: () => {
                                setReason('');
                                setDuration('24h');
                                setPending({ user, action });
                              },
                            })),
                            { label: 'View Profile', onSelect: () => setProfileOf(user) },
                            { label: 'View Trade History', onSelect: () => setTradesOf(user) },
                          ]}
                        />
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      <ConfirmDialog
        open={pending !== null}
        title={pending ? `${pending.action.label}?` : ''}
        description={pending?.action.confirmation ?? ''}
        confirmLabel={pending?.action.label ?? ''}
        confirmVariant={pending?.action.value ? 'danger' : 'primary'}
        busy={busy}
        onConfirm={confirm}
        onCancel={() => setPending(null)}
      >
        {pending?.action.kind === 'ban' && pending.action.value && (
          <ReasonField
            value={reason}
            onChange={setReason}
            hint="The player reads it at once on their open screen and when they try to sign in."
          />
        )}
        {pending?.action.kind === 'mute' && pending.action.value && (
          <>
            <ReasonField
              value={reason}
              onChange={setReason}
              hint="The player reads it in a notification and a banner while muted."
            />
            <MuteDurationField value={duration} onChange={setDuration} />
          </>
        )}
      </ConfirmDialog>
      <UserProfileDialog user={profileOf} onClose={() => setProfileOf(null)} />
      <UserTradesDialog user={tradesOf} onClose={() => setTradesOf(null)} />
    </div>
  );
}
