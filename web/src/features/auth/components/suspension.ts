import type { SignInRefused } from '@touchline/contract';

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
  // Read as the contract's refusal, checked field by field (the answer is not parsed here).
  const data = error.data as Partial<Record<keyof SignInRefused, unknown>> | undefined;
  const message = data?.message;
  if (typeof message !== 'string' || !message.startsWith(SUSPENDED)) return null;
  return {
    reason: message.startsWith(REASON_PREFIX) ? message.slice(REASON_PREFIX.length) : '',
    appealEmail: typeof data?.appealEmail === 'string' ? data.appealEmail : '',
  };
}
