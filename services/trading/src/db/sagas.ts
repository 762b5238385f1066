import type { Knex } from 'knex';
import type { TradedCardSnapshot } from '../domain/history';
import type { SagaState } from '../domain/saga';
import type { Db } from './offers';

export interface SagaRow {
  id: string;
  offer_id: number;
  attempt: number;
  accept_key: string;
  state: SagaState;
  failure: string | null;
  cards: TradedCardSnapshot[];
  created_at: Date;
  updated_at: Date;
}

export async function findSaga(db: Db, id: string, lock = false): Promise<SagaRow | undefined> {
  const query = db('trade_sagas').where({ id });
  if (lock) query.forUpdate();
  return (await query.first()) as SagaRow | undefined;
}

export async function findSagaByKey(
  db: Db,
  offerId: number,
  acceptKey: string,
): Promise<SagaRow | undefined> {
  return (await db('trade_sagas').where({ offer_id: offerId, accept_key: acceptKey }).first()) as
    SagaRow | undefined;
}

export async function insertSaga(
  trx: Knex.Transaction,
  saga: Pick<SagaRow, 'id' | 'offer_id' | 'attempt' | 'accept_key' | 'cards'>,
  now: Date,
): Promise<void> {
  await trx('trade_sagas').insert({
    ...saga,
    cards: JSON.stringify(saga.cards),
    state: 'holding',
    created_at: now,
    updated_at: now,
  });
}

/** The one decision of the saga: only a saga still in `from` moves; false when another driver moved it. */
export async function moveSaga(
  db: Db,
  id: string,
  from: SagaState,
  to: SagaState,
  now: Date,
  failure?: string,
): Promise<boolean> {
  const changes: Record<string, unknown> = { state: to, updated_at: now };
  if (failure !== undefined) changes.failure = failure;
  const updated = await db('trade_sagas').where({ id, state: from }).update(changes);
  return updated === 1;
}

/** Sagas in a non-final state that nobody has touched since `before`. */
export async function stuckSagas(db: Db, before: Date, limit: number): Promise<SagaRow[]> {
  return (await db('trade_sagas')
    .whereIn('state', ['holding', 'committing', 'compensating'])
    .where('updated_at', '<', before)
    .orderBy('updated_at')
    .limit(limit)) as SagaRow[];
}
