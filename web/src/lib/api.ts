/**
 * Thin JSON client for the gateway's /api routes. Every call sends cookies.
 *
 * A non-OK response throws an {@link ApiError} whose message is `${status}: ${message}`, where message is
 * the JSON body's `message` or `error` field, 'Unknown error' when the body is JSON without either, the
 * raw body text when it is not JSON, and the status text when the body is empty (docs/spec/game-spec.md#8-the-error-catalogue).
 * The parsed JSON body rides along as `data`, for errors that carry more than a message (for example a
 * refunded pack purchase's remainingCoins).
 */

import {
  pathOf,
  SHARED_ANSWER_BEHIND_HEADER,
  SHARED_ANSWER_MAX_STALE_MS,
  type BodyInputOf,
  type QueryOf,
  type RouteDef,
  type SuccessOf,
} from '@touchline/contract';

import { busyRetryDelay, showBusy, waitToRetry } from './shedding';

export class ApiError extends Error {
  readonly status: number;
  /** What a person reads: the server's words without the status (the message keeps the spec's form). */
  readonly text: string;
  /** The error response's parsed JSON body; undefined when the body is empty or not JSON. */
  readonly data: unknown;

  constructor(status: number, message: string, data?: unknown) {
    super(`${status}: ${message}`);
    this.name = 'ApiError';
    this.status = status;
    this.text = message;
    this.data = data;
  }
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  method?: HttpMethod;
  /** Serialised as JSON when present. */
  body?: unknown;
  signal?: AbortSignal;
  /** Extra request headers (for example an Idempotency-Key). */
  headers?: Record<string, string>;
}

const UNKNOWN_ERROR = 'Unknown error';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function pickMessage(body: Record<string, unknown>): string {
  for (const key of ['message', 'error'] as const) {
    const value = body[key];
    if (typeof value === 'string' && value.trim() !== '') return value;
  }
  return UNKNOWN_ERROR;
}

interface ErrorBody {
  message: string;
  /** The parsed JSON body, when there is one. */
  data?: unknown;
}

async function readErrorBody(response: Response): Promise<ErrorBody> {
  let text: string;
  try {
    text = await response.text();
  } catch {
    text = '';
  }
  if (text.trim() !== '') {
    try {
      const parsed: unknown = JSON.parse(text);
      if (isRecord(parsed)) return { message: pickMessage(parsed), data: parsed };
    } catch {
      // Not JSON: fall through to the raw text.
    }
    return { message: text.trim() };
  }
  return { message: response.statusText || UNKNOWN_ERROR };
}

/** Extracts the human-readable part of an error response. */
export async function readErrorMessage(response: Response): Promise<string> {
  return (await readErrorBody(response)).message;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

let answerBehind: (() => void) | undefined;
/** When the last answer behind came while no one listened (the first screen loads before the stream). */
let unheardBehindAt = -Infinity;

/**
 * `listener` is told of every shared answer that says it is behind a change the gateway knows of
 * (SHARED_ANSWER_BEHIND_HEADER; live/answers-behind.ts asks again), and at once of one that came
 * within SHARED_ANSWER_MAX_STALE_MS before it listened. Undefined stops telling.
 */
export function onAnswerBehind(listener: (() => void) | undefined): void {
  answerBehind = listener;
  if (listener && Date.now() - unheardBehindAt < SHARED_ANSWER_MAX_STALE_MS) listener();
  unheardBehindAt = -Infinity;
}

function noticeBehind(response: Response): void {
  if (response.headers.get(SHARED_ANSWER_BEHIND_HEADER) !== '1') return;
  if (answerBehind) answerBehind();
  else unheardBehindAt = Date.now();
}

/**
 * Sends a request to the API and returns the parsed JSON body (undefined when empty). An answer that
 * sheds load (503 or 429 with Retry-After) is retried after the time it gives, a few times, for a
 * read or a change with an Idempotency-Key (shedding.ts).
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, signal } = options;
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  const init: RequestInit = { method, headers, credentials: 'include' };
  if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  if (signal) init.signal = signal;

  let busyDone: (() => void) | undefined;
  try {
    for (let attempt = 1; ; attempt++) {
      const response = await fetch(path, init);
      if (response.ok) {
        noticeBehind(response);
        return (await readBody(response)) as T;
      }
      const delay = busyRetryDelay(response, { method, headers }, attempt);
      if (delay === undefined) {
        const { message, data } = await readErrorBody(response);
        throw new ApiError(response.status, message, data);
      }
      // Shed by the gateway: wait what it asks, saying so, and send the same request again.
      busyDone ??= showBusy();
      await response.body?.cancel().catch(() => undefined);
      await waitToRetry(delay, signal);
    }
  } finally {
    busyDone?.();
  }
}

type Scalar = string | number | boolean;

/** What a call of a contract route sends: its path parameters, query, JSON body and Idempotency-Key. */
export interface CallInput<R extends RouteDef> {
  params?: Record<string, string | number>;
  /** Blank and null values are left out (the server's default applies). */
  query?: { [K in keyof QueryOf<R>]?: Scalar | null };
  body?: BodyInputOf<R>;
  /** One per user action (newIdempotencyKey()): a retry of the same action is performed once. */
  idempotencyKey?: string;
  signal?: AbortSignal;
}

/** A path with the non-blank query values: withQuery('/api/market', { search: ' ' }) is '/api/market'. */
export function withQuery(path: string, query: Record<string, Scalar | null | undefined> = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    const text = value === null || value === undefined ? '' : String(value).trim();
    if (text !== '') search.set(key, text);
  }
  const rendered = search.toString();
  return rendered ? `${path}?${rendered}` : path;
}

/**
 * Calls a route of the HTTP contract (@touchline/contract): the path, method, body and answer are the
 * route's, so the page and the gateway cannot drift apart. Resolves to the body of any 2xx answer.
 */
export function call<R extends RouteDef>(route: R, input: CallInput<R> = {}): Promise<SuccessOf<R>> {
  const path = withQuery(pathOf(route, input.params), input.query);
  const options: RequestOptions = { method: route.method.toUpperCase() as HttpMethod };
  if (input.body !== undefined) options.body = input.body;
  if (input.signal) options.signal = input.signal;
  if (input.idempotencyKey) options.headers = { 'Idempotency-Key': input.idempotencyKey };
  return apiRequest<SuccessOf<R>>(path, options);
}

/**
 * A fresh key for a non-idempotent request (one per user action): a retry of the same action sends the
 * same key, so the server performs it once. Falls back to getRandomValues where randomUUID is missing
 * (randomUUID needs a secure context).
 */
export function newIdempotencyKey(): string {
  const cryptoApi = globalThis.crypto;
  if (typeof cryptoApi?.randomUUID === 'function') return cryptoApi.randomUUID();
  const bytes = new Uint8Array(16);
  if (typeof cryptoApi?.getRandomValues === 'function') cryptoApi.getRandomValues(bytes);
  else for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(Math.random() * 256);
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The words of any thrown value, for toasts and alerts: an API error's text without its HTTP status
 * (the `{status}: {text}` form stays inside the client, for logs and tests).
 */
export function errorMessage(error: unknown, fallback = 'An error occurred'): string {
  if (error instanceof ApiError) return error.text || fallback;
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error) return error;
  return fallback;
}
