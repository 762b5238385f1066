import { ShieldBan } from 'lucide-react';

import { ApiError } from '@/lib/api';

export const SUSPENDED = 'Your account is suspended';
const REASON_PREFIX = `${SUSPENDED}. Reason: `;

export interface Suspension {
  /** The admin's reason; '' without one. */
  reason: string;
  /** Where to write to appeal (the gateway's APPEAL_EMAIL); '' when the answer named none. */
  appealEmail: string;
}

/** Why a sign-in was refused for a suspended account, and where to appeal; null for any other failure. */
export function suspensionOf(error: unknown): Suspension | null {
  if (!(error instanceof ApiError) || error.status !== 403) return null;
  const data = error.data as { message?: unknown; appealEmail?: unknown } | undefined;
  const message = data?.message;
  if (typeof message !== 'string' || !message.startsWith(SUSPENDED)) return null;
  return {
    reason: message.startsWith(REASON_PREFIX) ? message.slice(REASON_PREFIX.length) : '',
    appealEmail: typeof data?.appealEmail === 'string' ? data.appealEmail : '',
  };
}

/**
 * Said in place of a failure toast: the player learns why, that an admin decided it and where to
 * appeal (the same address and words as the ban screen of an open page, components/AccountNotices).
 */
export function SuspendedNotice({ reason, appealEmail }: Suspension) {
  return (
    <div
      role="alert"
      data-testid="suspended-notice"
      className="flex items-start gap-3 rounded-xl border border-rose-500/40 bg-rose-500/10 p-3 text-sm text-rose-100"
    >
      <ShieldBan aria-hidden className="mt-0.5 size-5 shrink-0 text-rose-300" />
      <div className="flex min-w-0 flex-col gap-1">
        <p className="font-semibold">{SUSPENDED}</p>
        {reason ? (
          <p className="[overflow-wrap:anywhere]">Reason: {reason}</p>
        ) : (
          <p>An administrator suspended this account.</p>
        )}
        {appealEmail && (
          <p className="[overflow-wrap:anywhere]">
            To appeal, write to{' '}
            <a
              href={`mailto:${appealEmail}?subject=${encodeURIComponent('Appeal of my suspension')}`}
              className="font-semibold text-rose-50 underline"
            >
              {appealEmail}
            </a>{' '}
            from the e-mail address of your account.
          </p>
        )}
      </div>
    </div>
  );
}
