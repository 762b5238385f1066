import { createHash } from 'node:crypto';
import type { Coding } from './accept-encoding';

/**
 * Validators of the shared answers (shared-answers.ts): a strong ETag made from the content's hash,
 * so the same answer has the same ETag on every gateway replica and a stale or foreign one simply
 * gets the new answer. Keyed by the body, hashed once from its JSON.
 */
const hashes = new WeakMap<object, string>();

/**
 * The browser may keep the answer but asks again every time (If-None-Match → 304). `private`: the
 * answers are behind a session, so a shared cache (a proxy, a CDN) must not hand them to anyone;
 * `no-cache` rather than a max-age: the next change may come any second, and a 304 costs little.
 */
export const SHARED_CACHE_CONTROL = 'private, no-cache';

/** `body` is answered with an ETag, and 304 for a client that has it. */
export function markConditional<B extends object>(body: B): B {
  if (!hashes.has(body)) hashes.set(body, '');
  return body;
}

/** The content hash of a body marked conditional (computed once from its JSON), or undefined. */
export function contentHash(body: object, json: string): string | undefined {
  const kept = hashes.get(body);
  if (kept === undefined) return undefined;
  if (kept) return kept;
  // base64url has no '.', which separates the coding in the ETag.
  const hash = createHash('sha1').update(json).digest('base64url');
  hashes.set(body, hash);
  return hash;
}

/** A strong validator names the bytes: the coding they went out in is part of it. */
export function etagOf(hash: string, coding: Coding | undefined): string {
  return coding ? `"${hash}.${coding}"` : `"${hash}"`;
}

/**
 * Whether If-None-Match names this content, in any coding (the client has the content, whichever
 * bytes carried it; GET compares weakly, RFC 9110 section 13.1.2). Anything unreadable does not match.
 */
export function notModified(ifNoneMatch: string | undefined, hash: string): boolean {
  if (!ifNoneMatch) return false;
  for (const item of ifNoneMatch.split(',')) {
    let tag = item.trim();
    if (tag === '*') return true;
    if (tag.startsWith('W/')) tag = tag.slice(2);
    if (tag.length < 2 || tag[0] !== '"' || tag.at(-1) !== '"') continue;
    const opaque = tag.slice(1, -1);
    if (opaque === hash || opaque.startsWith(`${hash}.`)) return true;
  }
  return false;
}
