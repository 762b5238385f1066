/**
 * JSON of answers that many requests share. The cards-market client hands back the very same
 * decoded object for an answer whose bytes it has seen recently (reuseDecoded), so a body derived
 * from that object can be derived, and serialised, once: keyed by the object, nothing to invalidate.
 */
const derived = new WeakMap<object, { variant: string; body: object }>();
const serialized = new WeakMap<object, string>();

/**
 * `derive(source)`, computed once per source object (which must not be mutated). A body that also
 * depends on something beside the source (the sellers' usernames of a market page) names it in
 * `variant`: the body is derived again when that changes (the latest variant is kept).
 */
export function sharedBody<S extends object, B extends object>(
  source: S,
  derive: (source: S) => B,
  variant = '',
): B {
  const kept = derived.get(source);
  if (kept && kept.variant === variant) return kept.body as B;
  const body = derive(source);
  derived.set(source, { variant, body });
  serialized.set(body, '');
  return body;
}

/** `body` itself as a shared body: its JSON is made once (it must not be mutated afterwards). */
export function shareBody<B extends object>(body: B): B {
  if (!serialized.has(body)) serialized.set(body, '');
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
