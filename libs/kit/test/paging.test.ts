import { describe, expect, it } from 'vitest';
import { BAD_CURSOR_MESSAGE, decodeCursor, encodeCursor, idCursors, pageSize } from '../src/paging';

const invalidError = (message: string | RegExp) =>
  expect.objectContaining({
    code: 'invalid',
    message: typeof message === 'string' ? message : expect.stringMatching(message),
  });

const refused = invalidError(BAD_CURSOR_MESSAGE);
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('the paging cursor', () => {
  it('round-trips a position and refuses anything it did not make for the list', () => {
    const cursor = encodeCursor('market:price_asc', { key: 10, id: 3 });
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor('market:price_asc', cursor)).toEqual({ key: 10, id: 3 });
    expect(decodeCursor('players:name', encodeCursor('players:name', { key: 'Müller', id: 4 }))).toEqual({
      key: 'Müller',
      id: 4,
    });
    for (const bad of [
      'garbage',
      b64({ v: 2, s: 'market:price_asc', k: 10, i: 3 }),
      b64({ v: 1, s: 'market:price_asc', k: 10 }),
      b64({ v: 1, s: 'market:price_asc', k: 10, i: 3, extra: 1 }),
      b64({ v: 1, s: 'market:price_asc', k: 10, i: 1.5 }),
      b64({ v: 1, s: 'market:price_asc', k: 'x'.repeat(201), i: 3 }),
      b64([1, 2]),
      b64(null),
    ])
      expect(() => decodeCursor('market:price_asc', bad)).toThrow(refused);
    expect(() => decodeCursor('market:change', cursor)).toThrow(refused);
  });
});

describe('id cursors (keyset pages of the services)', () => {
  const entries = idCursors('ledger');

  it('round-trips the last id, reads no cursor as the first page and refuses anything else', () => {
    expect(entries.decode('')).toBeUndefined();
    expect(entries.decode(entries.encode(12345))).toBe(12345);
    expect(() => entries.decode('garbage')).toThrow(refused);
    expect(() => entries.decode(encodeCursor('ledger', { key: 0, id: 0 }))).toThrow(refused);
    expect(() => entries.decode(encodeCursor('ledger', { key: 5, id: 6 }))).toThrow(refused);
    expect(() => entries.decode(encodeCursor('ledger', { key: 2 ** 60, id: 2 ** 60 }))).toThrow(refused);
  });

  it("refuses another list's cursor", () => {
    expect(() => idCursors('audit-log').decode(entries.encode(7))).toThrow(refused);
  });
});

describe('page size', () => {
  it('takes 0 as the default, caps large sizes and refuses negative ones', () => {
    expect(pageSize(0)).toBe(50);
    expect(pageSize(20)).toBe(20);
    expect(pageSize(1_000)).toBe(200);
    expect(() => pageSize(-1)).toThrow(invalidError(/page_size/));
    expect(() => pageSize(1.5)).toThrow(invalidError(/page_size/));
  });
});
