import { randomUUID } from 'node:crypto';
import type { Request } from 'express';
import { invalid } from '@touchline/kit';

/** A positive integer path parameter, or a 400 naming it. */
export function idParam(req: Request, name: string): number {
  const raw = req.params[name];
  const value = typeof raw === 'string' && /^\d{1,15}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(value) || value <= 0) throw invalid(`${name} must be a positive whole number`);
  return value;
}

/**
 * The client's Idempotency-Key header (a retry with the same key is the same operation), or a fresh
 * key when there is none (each request is then a new operation).
 */
export function idempotencyKey(req: Request): string {
  return req.get('idempotency-key')?.slice(0, 128) || randomUUID();
}
