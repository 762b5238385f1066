import { useState, type ReactNode } from 'react';

import type { AdminUser, MuteDuration } from '@touchline/contract';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { errorMessage } from '@/lib/api';
import { useSetBanned, useSetMuted } from '@/lib/data/admin';
import { toast } from '@/lib/toast';

import { moderationActions, type ModerationAction } from '../utils';
import { ActionMenu } from './ActionMenu';
import { MuteDurationField } from './MuteDurationField';
import { ReasonField } from './ReasonField';
import { UserProfileDialog } from './UserProfileDialog';
import { UserTradesDialog } from './UserTradesDialog';

interface PendingModeration {
  user: AdminUser;
  action: ModerationAction;
}

const DONE: Record<'ban' | 'mute', Record<'on' | 'off', string>> = {
  ban: { on: 'has been banned', off: 'has been unbanned' },
  mute: { on: 'has been muted', off: 'has been unmuted' },
};

/**
 * The users table's 'Manage User' menu: ban/unban and mute/unmute with their confirmations, reason and
 * duration, and the profile and trade-history dialogs. `menuFor` renders a row's menu (none for
 * admins); `dialogs` must be rendered once beside the table.
 */
export function useUserModeration(): { menuFor: (user: AdminUser) => ReactNode; dialogs: ReactNode } {
  const setBanned = useSetBanned();
  const setMuted = useSetMuted();
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
          toast.success(action.kind === 'ban' ? 'User status updated' : 'User message status updated', {
            description: `${user.username} (${user.email}) ${DONE[action.kind][action.value ? 'on' : 'off']}.`,
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

  const menuFor = (user: AdminUser): ReactNode =>
    user.isAdmin ? null : (
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
    );

  const dialogs = (
    <>
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
    </>
  );

  return { menuFor, dialogs };
}
