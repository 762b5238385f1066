import { randomUUID } from 'node:crypto';
import type { Request } from 'express';

/**
 * The client's Idempotency-Key header (a retry with the same key is the same operation), or a fresh
 * key when there is none (each request is then a new operation).
 */
export function idempotencyKey(req: Request): string {
  return req.get('idempotency-key')?.slice(0, 128) || randomUUID();
}
