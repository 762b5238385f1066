import type * as grpc from '@grpc/grpc-js';
import { describe, expect, it } from 'vitest';
import { encodeOnce, withEncodeOnce, withReusedDecoding } from '../src/grpc/encoded-once';

function definition(counts: { serialize: number; deserialize: number }): grpc.ServiceDefinition {
  const method = {
    path: '/t.T/Get',
    requestStream: false,
    responseStream: false,
    requestSerialize: (v: unknown) => Buffer.from(JSON.stringify(v)),
    requestDeserialize: (b: Buffer) => JSON.parse(b.toString()) as unknown,
    responseSerialize: (v: unknown) => {
      counts.serialize++;
      return Buffer.from(JSON.stringify(v));
    },
    responseDeserialize: (b: Buffer) => {
      counts.deserialize++;
      return JSON.parse(b.toString()) as unknown;
    },
  };
  return { Get: method } as unknown as grpc.ServiceDefinition;
}

describe('encoded once', () => {
  it('encodes an encodeOnce answer once, and any other answer every time', () => {
    const counts = { serialize: 0, deserialize: 0 };
    const serialize = withEncodeOnce(definition(counts)).Get!.responseSerialize;
    const shared = encodeOnce({ items: [1, 2, 3] });
    expect(serialize(shared)).toEqual(serialize(shared));
    expect(counts.serialize).toBe(1);
    const plain = { items: [1] };
    serialize(plain);
    plain.items.push(2);
    expect(serialize(plain).toString()).toBe('{"items":[1,2]}');
    expect(counts.serialize).toBe(3);
  });

  it('reuses the decoded answer of equal bytes only', () => {
    const counts = { serialize: 0, deserialize: 0 };
    const deserialize = withReusedDecoding(definition(counts), ['Get']).Get!.responseDeserialize;
    const a = deserialize(Buffer.from('{"n":1}'));
    expect(deserialize(Buffer.from('{"n":1}'))).toBe(a);
    const b = deserialize(Buffer.from('{"n":2}'));
    expect(b).toEqual({ n: 2 });
    expect(b).not.toBe(a);
    expect(counts.deserialize).toBe(2);
    expect(() => withReusedDecoding(definition(counts), ['Nope'])).toThrow();
  });
});
