import { invalid } from '@touchline/kit';

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 200;

/** 0 means the default; larger than the maximum is capped rather than refused. */
export function pageSize(requested: number): number {
  if (!Number.isInteger(requested) || requested < 0) throw invalid('page_size must not be negative');
  return requested === 0 ? DEFAULT_PAGE_SIZE : Math.min(requested, MAX_PAGE_SIZE);
}

/** Keyset pages over entry ids, newest first; the token is opaque to callers. */
export function encodePageToken(lastId: number): string {
  return Buffer.from(`a${lastId}`).toString('base64url');
}

export function decodePageToken(token: string): number | undefined {
  if (token === '') return undefined;
  const match = /^a([1-9][0-9]*)$/.exec(Buffer.from(token, 'base64url').toString());
  const id = match ? Number(match[1]) : NaN;
  if (!Number.isSafeInteger(id)) throw invalid('page_token is not valid');
  return id;
}
