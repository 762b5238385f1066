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

/**
 * A new accept attempt in one statement: the saga row (state `holding`) and the offer, locked by
 * the caller, moved to `accepting` under that attempt.
 */
export async function startSaga(
  trx: Knex.Transaction,
  saga: Pick<SagaRow, 'id' | 'offer_id' | 'attempt' | 'accept_key' | 'cards'>,
  now: Date,
): Promise<SagaRow> {
  const row = { ...saga, state: 'holding' as const, failure: null, created_at: now, updated_at: now };
  await trx('trade_offers')
    .with('saga', trx('trade_sagas').insert({ ...row, cards: JSON.stringify(saga.cards) }))
    .where({ id: saga.offer_id })
    .update({ status: 'accepting', attempt: saga.attempt, updated_at: now });
  return row;
}

/**
 * The one decision of the saga: only a saga still in `from` moves (to `to`, with its failure when
 * given). Answers the saga as moved, or undefined when another driver moved it: the conditional
 * UPDATE both takes the row lock and decides, so no locked read goes first, and a driver that waited
 * on the lock sees the row re-checked after the other's commit.
 */
export async function advanceSaga(
  db: Db,
  id: string,
  from: SagaState,
  to: SagaState,
  now: Date,
  failure?: string,
): Promise<SagaRow | undefined> {
  const changes: Record<string, unknown> = { state: to, updated_at: now };
  if (failure !== undefined) changes.failure = failure;
  const [row] = (await db('trade_sagas')
    .where({ id, state: from })
    .update(changes)
    .returning('*')) as SagaRow[];
  return row;
}

/** advanceSaga for a caller that needs only whether this driver moved it. */
export async function moveSaga(...args: Parameters<typeof advanceSaga>): Promise<boolean> {
  return (await advanceSaga(...args)) !== undefined;
}

/** Sagas in a non-final state that nobody has touched since `before`. */
export async function stuckSagas(db: Db, before: Date, limit: number): Promise<SagaRow[]> {
  return (await db('trade_sagas')
    .whereIn('state', ['holding', 'committing', 'compensating'])
    .where('updated_at', '<', before)
    .orderBy('updated_at')
    .limit(limit)) as SagaRow[];
}
