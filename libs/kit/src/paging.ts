import { invalid } from './errors';

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 200;

/** A request's page_size: 0 means the default; larger than the maximum is capped rather than refused. */
export function pageSize(requested: number): number {
  if (!Number.isInteger(requested) || requested < 0) throw invalid('page_size must not be negative');
  return requested === 0 ? DEFAULT_PAGE_SIZE : Math.min(requested, MAX_PAGE_SIZE);
}

/**
 * Keyset pages over row ids, newest first: the token is the last id served, opaque to callers.
 * `tag` (one letter per list) keeps one list's token from being taken for another's.
 */
export function keysetPageTokens(tag: string) {
  const pattern = new RegExp(`^${tag}([1-9][0-9]*)$`);
  return {
    encode: (lastId: number): string => Buffer.from(`${tag}${lastId}`).toString('base64url'),
    /** The id to continue below, undefined for the first page. */
    decode(token: string): number | undefined {
      if (token === '') return undefined;
      const match = pattern.exec(Buffer.from(token, 'base64url').toString());
      const id = match ? Number(match[1]) : NaN;
      if (!Number.isSafeInteger(id)) throw invalid('page_token is not valid');
      return id;
    },
  };
}
