import type { Knex } from 'knex';
import type { Exchange } from '../domain/fraud';

interface ExchangeRow {
  id: string;
  kind: string;
  a_user_id: number;
  b_user_id: number;
  a_coins: number;
  b_coins: number;
  a_card_value: number;
  b_card_value: number;
  a_cards: number;
  b_cards: number;
  at: Date;
}

/** Records an exchange once (events may come twice; the inbox already drops most repeats). */
export async function recordExchange(
  trx: Knex.Transaction,
  kind: 'trade' | 'sale',
  e: Exchange,
): Promise<void> {
  await trx('exchanges')
    .insert({
      id: e.id,
      kind,
      a_user_id: e.a,
      b_user_id: e.b,
      a_coins: e.aCoins,
      b_coins: e.bCoins,
      a_card_value: e.aCardValue,
      b_card_value: e.bCardValue,
      a_cards: e.aCards,
      b_cards: e.bCards,
      at: e.at,
    })
    .onConflict('id')
    .ignore();
}

const toExchange = (r: ExchangeRow): Exchange => ({
  id: r.id,
  at: r.at,
  a: Number(r.a_user_id),
  b: Number(r.b_user_id),
  aCoins: Number(r.a_coins),
  bCoins: Number(r.b_coins),
  aCardValue: Number(r.a_card_value),
  bCardValue: Number(r.b_card_value),
  aCards: Number(r.a_cards),
  bCards: Number(r.b_cards),
});

/** Every exchange of the users (all of them when `userIds` is undefined), oldest first. */
export async function exchangesOf(db: Knex, userIds?: readonly number[]): Promise<Exchange[]> {
  const query = db('exchanges').orderBy('at').orderBy('id');
  if (userIds) query.where((q) => q.whereIn('a_user_id', [...userIds]).orWhereIn('b_user_id', [...userIds]));
  return ((await query) as ExchangeRow[]).map(toExchange);
}
