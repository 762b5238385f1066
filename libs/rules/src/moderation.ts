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
