import type { Knex } from 'knex';

/** A pool or a transaction: queries run on either. */
export type Db = Knex | Knex.Transaction;

/** Timestamps come back as Date from pg and may come back as text from other drivers. */
export function toDate(value: Date | string): Date;
export function toDate(value: Date | string | null): Date | null;
export function toDate(value: Date | string | null): Date | null {
  if (value === null) return null;
  return value instanceof Date ? value : new Date(value);
}

export function toNumber(value: number | string): number;
export function toNumber(value: number | string | null): number | null;
export function toNumber(value: number | string | null): number | null {
  return value === null ? null : Number(value);
}
