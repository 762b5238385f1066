import { toast } from './toast';

/**
 * The web's side of shedding: how it backs off when the gateway refuses. The gateway answers every
 * refusal under load the same way (gateway/src/middleware/shedding.ts): 503 (Touchline is busy) or
 * 429 (this client has too much open), with the Retry-After to wait, before doing anything; a read
 * whose upstream ran out of time is refused alike (503), never a 504, since it changed nothing. A
 * request is retried after that wait; the player sees one "busy, retrying" notice while any request
 * waits, not an error, and the last try's error is shown as any other. A refused live stream backs
 * off on its own clock, since EventSource never shows the answer. Every refusal, the gateway's and
 * this side's: docs/architecture.md, "Shedding: who refuses what".
 */

/** Tries in all, the first included. */
export const BUSY_TRIES = 3;
/** The longest wait between two tries, whatever Retry-After says. */
export const MAX_RETRY_DELAY_MS = 10_000;
export const BUSY_MESSAGE = 'Touchline is busy. Retrying shortly…';
const BUSY_TOAST_ID = 'touchline-busy';

/** The Retry-After of an answer in milliseconds (seconds or an HTTP date), undefined without a usable one. */
function retryAfterMs(response: Response): number | undefined {
  const value = response.headers.get('Retry-After')?.trim();
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}

/**
 * How long to wait before sending the request again, or undefined when this answer is final. Only a
 * shed answer with Retry-After is retried, and only a request that is safe to send twice: a read,
 * or a change that carries an Idempotency-Key (the server performs it once).
 */
export function busyRetryDelay(
  response: Response,
  request: { method: string; headers: Record<string, string> },
  attempt: number,
): number | undefined {
  if (attempt >= BUSY_TRIES || (response.status !== 503 && response.status !== 429)) return undefined;
  const safe = request.method === 'GET' || request.headers['Idempotency-Key'] !== undefined;
  if (!safe) return undefined;
  const wait = retryAfterMs(response);
  return wait === undefined ? undefined : Math.min(wait, MAX_RETRY_DELAY_MS);
}

let waiting = 0;

/**
 * Marks one request as retrying until the returned function is called: the notice shows while any
 * request retries, once (one toast id), and closes when the last one is done.
 */
export function showBusy(): () => void {
  if (waiting++ === 0) toast.loading(BUSY_MESSAGE, { id: BUSY_TOAST_ID });
  let done = false;
  return () => {
    if (done) return;
    done = true;
    if (--waiting === 0) toast.dismiss(BUSY_TOAST_ID);
  };
}

/**
 * A live stream that ended refused (429/503, a service down, signed out) is opened again after
 * this wait, doubling up to STREAM_MAX_RETRY_MS: EventSource hides the answer and its Retry-After,
 * and a stream refused again and again should stop knocking often.
 */
export const STREAM_FIRST_RETRY_MS = 2_000;
export const STREAM_MAX_RETRY_MS = 60_000;
export const nextStreamRetryMs = (ms: number): number => Math.min(ms * 2, STREAM_MAX_RETRY_MS);

/** Waits `ms`, or rejects as fetch does when the request is aborted meanwhile. */
export function waitToRetry(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', abort);
      resolve();
    }, ms);
    const abort = () => {
      clearTimeout(timer);
      reject(signal!.reason as Error);
    };
    signal?.addEventListener('abort', abort, { once: true });
  });
}
