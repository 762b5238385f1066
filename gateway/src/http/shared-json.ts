import { frozenInDev } from '@touchline/kit';

/**
 * JSON of answers that many requests share, made once per body: keyed by the object, nothing to
 * invalidate. Bodies are frozen in development and tests (kit's frozen.ts): one mutated would change
 * every later answer, and no longer match its JSON, ETag or compressed copies.
 */
// bench:read: JSON, ETag and compressed copies made once took the shared reads from 55-69% to 84-98% of bare.
const serialized = new WeakMap<object, string>();
// bench:read: user cards 43% -> 70-78% of bare with answer-memo.ts and reuseDecoded (docs/performance.md, Reads).
const derived = new WeakMap<object, object>();

/**
 * `derive(source)`, computed once per source object: for an answer the cards-market client hands
 * back as the same object while its bytes are the same (reuseDecoded), such as a user's cards.
 */
export function sharedBody<S extends object, B extends object>(source: S, derive: (source: S) => B): B {
  const kept = derived.get(source);
  if (kept) return kept as B;
  const body = shareBody(derive(source));
  derived.set(source, body);
  return body;
}

/** `body` itself as a shared body: its JSON is made once. */
export function shareBody<B extends object>(body: B): B {
  if (!serialized.has(body)) serialized.set(frozenInDev(body), '');
  return body;
}

/** The JSON text of a body made by sharedBody (stringified once), or undefined for any other body. */
export function sharedJson(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const text = serialized.get(body);
  if (text === undefined) return undefined;
  if (text) return text;
  const json = JSON.stringify(body);
  serialized.set(body, json);
  return json;
}
