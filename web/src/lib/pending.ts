import { ApiError } from './api';

/**
 * The gateway's answer to an operation whose outcome is not known yet (HTTP 202): the server
 * settles it, and the same request with the same Idempotency-Key then answers how it ended.
 */
export interface PendingAnswer {
  status: 'pending';
  message: string;
}

export function isPendingAnswer(value: unknown): value is PendingAnswer {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { status?: unknown }).status === 'pending' &&
    typeof (value as { message?: unknown }).message === 'string'
  );
}

/** A 503 or 504 asks the client to come back (Retry-After): the same key will get the outcome. */
const isComeBack = (error: unknown) =>
  error instanceof ApiError && (error.status === 503 || error.status === 504);

/** Still pending after every retry: the server keeps settling it; the screens refresh meanwhile. */
export class StillPendingError extends Error {
  override name = 'StillPendingError';
}

export interface SettleOptions {
  /** Called on the first pending answer, with the server's message. */
  onPending?: (message: string) => void;
  /** Pause between two asks. */
  intervalMs?: number;
  /** Asks in all, the first included. */
  maxAttempts?: number;
  sleep?: (ms: number) => Promise<void>;
}

export const SETTLE_INTERVAL_MS = 2_000;
export const SETTLE_MAX_ATTEMPTS = 30;
const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Sends `request` (which must carry one Idempotency-Key on every call) until its outcome is known:
 * while the answer is pending, a 503 or a 504, asks again after a pause. Resolves with the final
 * answer and rejects with the final error; after `maxAttempts` rejects with StillPendingError.
 */
export async function untilSettled<T>(
  request: () => Promise<T | PendingAnswer>,
  {
    onPending,
    intervalMs = SETTLE_INTERVAL_MS,
    maxAttempts = SETTLE_MAX_ATTEMPTS,
    sleep = wait,
  }: SettleOptions = {},
): Promise<T> {
  let told = false;
  let last = 'Your request is being confirmed.';
  for (let attempt = 1; attempt <= maxAttempts; attempt++) {
    if (attempt > 1) await sleep(intervalMs);
    try {
      const answer = await request();
      if (!isPendingAnswer(answer)) return answer;
      last = answer.message;
    } catch (error) {
      if (!isComeBack(error)) throw error;
      last = (error as ApiError).text;
    }
    if (!told) onPending?.(last);
    told = true;
  }
  throw new StillPendingError(last);
}
