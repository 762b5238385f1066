/**
 * JSON of answers that many requests share. The cards-market client hands back the very same
 * decoded object for an answer whose bytes it has seen recently (reuseDecoded), so a body derived
 * from that object can be derived, and serialised, once: keyed by the object, nothing to invalidate.
 */
const derived = new WeakMap<object, unknown>();
const serialized = new WeakMap<object, string>();

/** `derive(source)`, computed once per source object (which must not be mutated). */
export function sharedBody<S extends object, B extends object>(source: S, derive: (source: S) => B): B {
  let body = derived.get(source) as B | undefined;
  if (!body) {
    body = derive(source);
    derived.set(source, body);
    serialized.set(body, '');
  }
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
