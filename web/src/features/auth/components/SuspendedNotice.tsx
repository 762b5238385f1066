import { ShieldBan } from 'lucide-react';

import { SUSPENDED, type Suspension } from './suspension';

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
