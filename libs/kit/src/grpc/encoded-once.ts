import type * as grpc from '@grpc/grpc-js';
import { frozenInDev } from '../frozen';

/**
 * Reuse of encoded messages, for big answers that many calls share (the market page, all players).
 * Both sides are keyed by content, so nothing has to be invalidated:
 * - server: a response object passed through `encodeOnce` has its bytes encoded once for every call
 *   that answers that same object;
 * - client: for the methods named in `reuseDecoded`, an answer whose bytes equal a recent one
 *   returns that one's decoded object.
 * Either object answers many calls, so it is frozen in development and tests (frozen.ts).
 */
const onceObjects = new WeakSet<object>();
const encoded = new WeakMap<object, Buffer>();

/** Marks a response as shared from now on, so the server encodes it once however often it answers it. */
export function encodeOnce<T extends object>(response: T): T {
  onceObjects.add(frozenInDev(response));
  return response;
}

/** The service definition with serializers that reuse the bytes of `encodeOnce` responses. */
export function withEncodeOnce(definition: grpc.ServiceDefinition): grpc.ServiceDefinition {
  const out: Record<string, grpc.MethodDefinition<unknown, unknown>> = {};
  for (const [name, method] of Object.entries(definition)) {
    const serialize = method.responseSerialize;
    out[name] = {
      ...method,
      responseSerialize: (value: unknown) => {
        if (typeof value !== 'object' || value === null || !onceObjects.has(value)) return serialize(value);
        let bytes = encoded.get(value);
        if (!bytes) encoded.set(value, (bytes = serialize(value)));
        return bytes;
      },
    };
  }
  return out as grpc.ServiceDefinition;
}

/** How many distinct recent answers of one method a client remembers. */
const RECENT = 16;

/**
 * The service definition with deserializers that, for the given methods, return the decoded object
 * of a recent answer with the same bytes (a byte comparison instead of a decode).
 */
export function withReusedDecoding(
  definition: grpc.ServiceDefinition,
  methods: readonly string[],
): grpc.ServiceDefinition {
  const out: Record<string, grpc.MethodDefinition<unknown, unknown>> = { ...definition };
  for (const name of methods) {
    const method = definition[name];
    if (!method) throw new Error(`reuseDecoded: no method ${name}`);
    const deserialize = method.responseDeserialize;
    const recent: { bytes: Buffer; value: unknown }[] = [];
    out[name] = {
      ...method,
      responseDeserialize: (bytes: Buffer) => {
        const index = recent.findIndex((r) => r.bytes.length === bytes.length && r.bytes.equals(bytes));
        if (index >= 0) {
          const [hit] = recent.splice(index, 1);
          recent.unshift(hit!);
          return hit!.value;
        }
        const value = frozenInDev(deserialize(bytes) as unknown);
        recent.unshift({ bytes: Buffer.from(bytes), value });
        if (recent.length > RECENT) recent.pop();
        return value;
      },
    };
  }
  return out as grpc.ServiceDefinition;
}
