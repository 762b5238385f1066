import { ShieldBan } from 'lucide-react';

import { ApiError } from '@/lib/api';

export const SUSPENDED = 'Your account is suspended';
const REASON_PREFIX = `${SUSPENDED}. Reason: `;

/** The admin's reason when a sign-in was refused for a suspended account; '' without one; null otherwise. */
export function suspensionOf(error: unknown): { reason: string } | null {
  if (!(error instanceof ApiError) || error.status !== 403) return null;
  const message = (error.data as { message?: unknown } | undefined)?.message;
  if (typeof message !== 'string' || !message.startsWith(SUSPENDED)) return null;
  return { reason: message.startsWith(REASON_PREFIX) ? message.slice(REASON_PREFIX.length) : '' };
}

/** Said in place of a failure toast: the player learns why and that an admin decided it. */
export function SuspendedNotice({ reason }: { reason: string }) {
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
      </div>
    </div>
  );
}
