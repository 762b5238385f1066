import { describe, expect, it } from 'vitest';
import { keysetPageTokens, pageSize } from '../src/paging';

const invalidError = (message: string | RegExp) =>
  expect.objectContaining({
    code: 'invalid',
    message: typeof message === 'string' ? message : expect.stringMatching(message),
  });

describe('keyset page tokens', () => {
  const entries = keysetPageTokens('e');

  it('round-trips the last id and refuses anything else', () => {
    expect(entries.decode('')).toBeUndefined();
    expect(entries.decode(entries.encode(12345))).toBe(12345);
    expect(() => entries.decode('garbage')).toThrow(invalidError('page_token is not valid'));
    expect(() => entries.decode(Buffer.from('e0').toString('base64url'))).toThrow(invalidError(/page_token/));
    expect(() => entries.decode(Buffer.from(`e${2 ** 60}`).toString('base64url'))).toThrow(
      invalidError(/page_token/),
    );
  });

  it("refuses another list's token", () => {
    expect(() => keysetPageTokens('a').decode(entries.encode(7))).toThrow(
      invalidError('page_token is not valid'),
    );
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
