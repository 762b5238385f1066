/**
 * The longest reason an admin may give for a cash-out rejection or a ban (issue 30): the player reads
 * it in one line of the history, the notification or the sign-in notice.
 */
export const MAX_REASON_LENGTH = 200;

/** A reason as stored: trimmed, inner runs of white space (new lines too) made one space; '' = none. */
export function normalizeReason(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

export const REASON_TOO_LONG = `The reason can have up to ${MAX_REASON_LENGTH} characters`;

/**
 * What a player under a review hold reads when they try to send coins or cash out (a high-severity
 * fraud flag holds the account until an admin clears it: docs/design.md#6-security).
 */
export const UNDER_REVIEW = 'Your account is under review, so you cannot send coins right now.';

/**
 * How long an admin may mute a player (issue 43): the dialog's four choices, in seconds; 0 is
 * permanent (until an unmute). The mute's end is stored and compared with the clock, so a mute ends
 * by itself without a job.
 */
export const MUTE_DURATIONS = { '1h': 3_600, '24h': 86_400, '7d': 604_800, permanent: 0 } as const;
export type MuteDuration = keyof typeof MUTE_DURATIONS;
export const MUTE_DURATION_SECONDS: readonly number[] = Object.values(MUTE_DURATIONS);
export const MUTE_DURATION_INVALID = 'A mute lasts 1 hour, 24 hours, 7 days or until lifted';

/**
 * A PayPal transaction id as PayPal shows it to the payer and payee: 17 letters and digits. An admin
 * who marks a cash-out completed types it from PayPal's receipt; it is stored upper-case.
 */
export const PAYPAL_TRANSACTION_ID = /^[A-Z0-9]{17}$/;
export const PAYPAL_TRANSACTION_ID_INVALID =
  'Enter the PayPal transaction ID: 17 letters and digits, as on the PayPal receipt';

/** The id as stored: trimmed and upper-case; '' when none was given. */
export function normalizePaypalTransactionId(text: string): string {
  return text.trim().toUpperCase();
}
