import type { Knex } from 'knex';
import type { Answer } from '../answers';

/** Small helpers the audits share: one row, a count, an answer's body and the id in its path. */
export type Row = Record<string, unknown>;
export const one = async (db: Knex, sql: string, bindings: unknown[]) =>
  ((await db.raw(sql, bindings as Knex.RawBinding[])).rows as Row[])[0];
export const count = async (db: Knex, sql: string, bindings: unknown[]) =>
  Number((await one(db, sql, bindings))?.c ?? 0);

export const body = (a: Answer) => (a.response ?? {}) as Record<string, unknown>;
export const idFromPath = (a: Answer) => Number(/\/(\d+)(\/[a-z]+)?$/.exec(a.path)?.[1]);
