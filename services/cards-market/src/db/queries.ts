import type { Knex } from 'knex';
import type { CardRow } from '../domain/card';
import type { PlayerRow } from '../domain/player';

/** Player columns joined with the team, in the shape of PlayerRow. */
const PLAYER_COLUMNS = [
  'p.id',
  'p.name',
  'p.position',
  'p.detailed_position',
  'p.rarity',
  'p.rank',
  'p.base_price',
  'p.current_price',
  'p.max_editions',
  'p.minted_editions',
  'p.protected',
  'p.team_id',
  't.name as team_name',
  't.short_name as team_short_name',
  't.abbreviation as team_abbreviation',
  't.primary_color as team_primary_color',
  't.secondary_color as team_secondary_color',
  't.city as team_city',
  't.conference as team_conference',
];

export function playersQuery(db: Knex) {
  return db('players as p').join('teams as t', 't.id', 'p.team_id').select(PLAYER_COLUMNS);
}

export interface TeamRow {
  id: number;
  name: string;
  short_name: string;
  abbreviation: string;
  city: string;
  conference: string;
  primary_color: string;
  secondary_color: string;
  player_count: number;
}

export function listTeamRows(db: Knex): Promise<TeamRow[]> {
  return db('teams as t')
    .leftJoin('players as p', 'p.team_id', 't.id')
    .groupBy('t.id')
    .orderBy('t.name')
    .select('t.*', db.raw('count(p.id)::int as player_count'));
}

export async function findTeamRow(db: Knex, id: number): Promise<TeamRow | undefined> {
  return (await listTeamRows(db)).find((t) => t.id === id);
}

export function allPlayers(db: Knex): Promise<PlayerRow[]> {
  return playersQuery(db).orderBy('p.id');
}

/** How many cards of each player the user owns (players they own none of are absent). */
export async function ownedCounts(db: Knex, userId: number): Promise<Map<number, number>> {
  const rows = (await db('cards')
    .where({ owner_id: userId })
    .groupBy('player_id')
    .select('player_id', db.raw('count(*)::int as count'))) as { player_id: number; count: number }[];
  return new Map(rows.map((r) => [r.player_id, r.count]));
}

export type CardWithPlayer = CardRow & { player: PlayerRow };

/** A card's own columns (a CardRow without its listing), the cards table aliased `k`. */
export const CARD_OWN_COLUMNS = [
  'k.id',
  'k.player_id',
  'k.edition_number',
  'k.owner_id',
  'k.acquired_at',
  'k.purchase_price',
  'k.origin',
  'k.hold_key',
];

const CARD_COLUMNS = [
  ...CARD_OWN_COLUMNS,
  'l.id as listing_id',
  'l.price as listing_price',
  'l.fee_percent as listing_fee_percent',
];

/** Cards with their open listing, if any (a card has at most one). */
function cardsWithListing(db: Knex) {
  return db('cards as k')
    .leftJoin('listings as l', (j) => j.on('l.card_id', 'k.id').andOnIn('l.status', ['active', 'settling']))
    .select(CARD_COLUMNS);
}

/** Where cards find their players: the PlayerCache, without this file importing it (it imports us). */
export interface PlayerLookup {
  get(ids: Iterable<number>): Promise<Map<number, PlayerRow>>;
}

/** Attaches each card's player from the cache (one narrow query for the cards, no join). */
export async function cardsWithPlayers(cache: PlayerLookup, cards: CardRow[]): Promise<CardWithPlayer[]> {
  const players = await cache.get(cards.map((c) => c.player_id));
  return cards.map((card) => ({ ...card, player: players.get(card.player_id)! }));
}

/** A user's cards, newest first. */
export async function cardsOfUser(db: Knex, cache: PlayerLookup, userId: number): Promise<CardWithPlayer[]> {
  const rows = (await cardsWithListing(db)
    .where('k.owner_id', userId)
    .orderBy([
      { column: 'k.acquired_at', order: 'desc' },
      { column: 'k.id', order: 'desc' },
    ])) as CardRow[];
  return cardsWithPlayers(cache, rows);
}

export async function cardsByIds(db: Knex, cache: PlayerLookup, ids: number[]): Promise<CardWithPlayer[]> {
  if (ids.length === 0) return [];
  const rows = (await cardsWithListing(db).whereIn('k.id', ids).orderBy('k.id')) as CardRow[];
  return cardsWithPlayers(cache, rows);
}

export interface SummaryRow {
  owner_id: number;
  card_count: number;
  collection_value: number;
}

export async function collectionSummaries(db: Knex, userIds: number[]): Promise<Map<number, SummaryRow>> {
  if (userIds.length === 0) return new Map();
  const rows = (await db('cards as k')
    .join('players as p', 'p.id', 'k.player_id')
    .whereIn('k.owner_id', userIds)
    .groupBy('k.owner_id')
    .select(
      'k.owner_id',
      db.raw('count(*)::int as card_count'),
      db.raw('coalesce(sum(p.current_price), 0)::bigint as collection_value'),
    )) as SummaryRow[];
  return new Map(rows.map((r) => [r.owner_id, r]));
}

/** Each player's last recorded price at or before `at` (players without history then are absent). */
export async function pricesAt(db: Knex, at: Date): Promise<Map<number, number>> {
  const rows = (await db.raw(
    `select distinct on (player_id) player_id, price from price_history where at <= ? order by player_id, at desc`,
    [at],
  )) as { rows: { player_id: number; price: number }[] };
  const found = new Map(rows.rows.map((r) => [r.player_id, r.price]));
  if (found.size > 0) return found;
  // Younger than the window: compare with the first price on record.
  const first = (await db.raw(
    `select distinct on (player_id) player_id, price from price_history order by player_id, at asc`,
  )) as { rows: { player_id: number; price: number }[] };
  return new Map(first.rows.map((r) => [r.player_id, r.price]));
}
