import type { Knex } from 'knex';
import type { CardRow } from '../domain/card';

export interface MintedPlayer {
  minted_editions: number;
  max_editions: number;
  name: string;
  rarity: string;
  current_price: number;
}

/**
 * Counts one more edition of the player, unless every edition exists (then undefined). The guarded
 * increment takes the player's row lock, so concurrent mints of one player queue up.
 */
export async function takeNextEdition(
  trx: Knex.Transaction,
  playerId: number,
): Promise<MintedPlayer | undefined> {
  const [player] = (await trx('players')
    .where({ id: playerId })
    .andWhereRaw('minted_editions < max_editions')
    .increment('minted_editions', 1)
    .returning(['minted_editions', 'max_editions', 'name', 'rarity', 'current_price'])) as MintedPlayer[];
  return player;
}

export async function insertCard(
  trx: Knex.Transaction,
  card: { playerId: number; edition: number; ownerId: number; purchasePrice: number; origin: string },
  now: Date,
): Promise<number> {
  const [row] = (await trx('cards')
    .insert({
      player_id: card.playerId,
      edition_number: card.edition,
      owner_id: card.ownerId,
      acquired_at: now,
      purchase_price: card.purchasePrice,
      origin: card.origin,
      created_at: now,
    })
    .returning('id')) as { id: number }[];
  return row!.id;
}

export interface MintablePlayer {
  id: number;
  rarity: string;
  /** Editions not minted yet. */
  left: number;
}

/** The players of these rarities that still have editions left, with how many, in id order. */
export async function mintablePlayers(trx: Knex.Transaction, rarities: string[]): Promise<MintablePlayer[]> {
  return (await trx('players')
    .whereIn('rarity', rarities)
    .andWhereRaw('minted_editions < max_editions')
    .orderBy('id')
    .select('id', 'rarity', trx.raw('max_editions - minted_editions as "left"'))) as MintablePlayer[];
}

export interface EditionOrder {
  playerId: number;
  ownerId: number;
  purchasePrice: number;
  origin: string;
}

/** A card minted by mintEditions, with what its event tells of its player. */
export interface MintedEdition extends Pick<
  CardRow,
  'id' | 'player_id' | 'edition_number' | 'owner_id' | 'acquired_at' | 'purchase_price' | 'origin'
> {
  max_editions: number;
  name: string;
  rarity: string;
  current_price: number;
  /** The player's minted count after this statement. */
  minted_editions: number;
}

/**
 * Mints the next editions of the orders' players in one statement (a player ordered twice gets two
 * consecutive editions): their rows locked in id order, so two such statements on overlapping
 * players queue up instead of deadlocking (a transaction that runs a second one, for picks sold out
 * meanwhile, still can: kit runs it again), then one guarded increment each and one insert of every
 * card. A player without enough editions left is not touched and its orders get undefined, in order.
 */
export async function mintEditions(
  trx: Knex.Transaction,
  orders: EditionOrder[],
  now: Date,
): Promise<(MintedEdition | undefined)[]> {
  if (orders.length === 0) return [];
  const { rows } = (await trx.raw(
    `with slot as (
       select * from unnest(?::int[], ?::int[], ?::bigint[], ?::text[]) with ordinality
         as s(player_id, owner_id, purchase_price, origin, slot)
     ),
     wanted as (select player_id, count(*)::int as n from slot group by player_id),
     locked as materialized (
       select p.id from players p join wanted w on w.player_id = p.id
       where p.minted_editions + w.n <= p.max_editions
       order by p.id
       for update of p
     ),
     taken as (
       update players p set minted_editions = p.minted_editions + w.n
       from wanted w join locked l on l.id = w.player_id
       where p.id = w.player_id and p.minted_editions + w.n <= p.max_editions
       returning p.id, p.minted_editions, w.n, p.max_editions, p.name, p.rarity, p.current_price
     ),
     numbered as (
       select slot.*, row_number() over (partition by player_id order by slot) as nth from slot
     ),
     inserted as (
       insert into cards (player_id, edition_number, owner_id, acquired_at, purchase_price, origin, created_at)
       select n.player_id, t.minted_editions - t.n + n.nth, n.owner_id, ?, n.purchase_price, n.origin, ?
       from numbered n join taken t on t.id = n.player_id
       order by n.slot
       returning id, player_id, edition_number, owner_id, acquired_at, purchase_price, origin
     )
     select i.*, t.minted_editions, t.n, t.max_editions, t.name, t.rarity, t.current_price
     from inserted i join taken t on t.id = i.player_id`,
    [
      orders.map((o) => o.playerId),
      orders.map((o) => o.ownerId),
      orders.map((o) => o.purchasePrice),
      orders.map((o) => o.origin),
      now,
      now,
    ],
  )) as { rows: (MintedEdition & { n: number })[] };
  // A player's cards took its editions in the orders' order: the k-th of its orders got base + k.
  const slotsOf = new Map<number, number[]>();
  orders.forEach((order, index) =>
    slotsOf.set(order.playerId, [...(slotsOf.get(order.playerId) ?? []), index]),
  );
  const minted: (MintedEdition | undefined)[] = orders.map(() => undefined);
  for (const { n, ...row } of rows) {
    const nth = row.edition_number - (row.minted_editions - n);
    minted[slotsOf.get(row.player_id)![nth - 1]!] = row;
  }
  return minted;
}

/** The cards an earlier mint request with this key minted, if there was one. */
export async function mintRequestCards(trx: Knex.Transaction, key: string): Promise<number[] | undefined> {
  const row = (await trx('mint_requests').where({ idempotency_key: key }).first()) as
    { card_ids: number[] } | undefined;
  return row?.card_ids.map(Number);
}

export async function recordMintRequest(
  trx: Knex.Transaction,
  key: string,
  userId: number,
  cardIds: number[],
  now: Date,
): Promise<void> {
  await trx('mint_requests').insert({
    idempotency_key: key,
    user_id: userId,
    card_ids: cardIds,
    created_at: now,
  });
}
