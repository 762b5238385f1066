import type { Migration } from '@touchline/kit';
import { basePrice, isRarity, RARITY_RULES, type Rarity } from '../../domain/rarity';
import { PROTECTED_PLAYER_NAMES, SEED_TEAMS, SEED_PLAYERS } from '../seed';

/** Player rows of the seed with ids by file order and base prices by rank within each rarity. */
function seedPlayerRows() {
  const byRarity = new Map<Rarity, { index: number; rank: number }[]>();
  SEED_PLAYERS.forEach((p, index) => {
    if (!isRarity(p.rarity)) throw new Error(`unknown rarity ${p.rarity} for ${p.name}`);
    byRarity.set(p.rarity, [...(byRarity.get(p.rarity) ?? []), { index, rank: p.rank }]);
  });
  const prices = new Map<number, number>();
  for (const [rarity, list] of byRarity) {
    list.sort((a, b) => a.rank - b.rank);
    list.forEach((entry, i) => prices.set(entry.index, basePrice(rarity, i, list.length)));
  }
  return SEED_PLAYERS.map((p, index) => ({
    id: index + 1,
    club_id: p.teamId,
    name: p.name,
    position: p.position,
    detailed_position: p.detailedPosition,
    rarity: p.rarity,
    rank: p.rank,
    age: p.age,
    nationality: p.nationality,
    base_price: prices.get(index)!,
    current_price: prices.get(index)!,
    max_editions: RARITY_RULES[p.rarity as Rarity].maxEditions,
    minted_editions: 0,
    protected: PROTECTED_PLAYER_NAMES.has(p.name),
  }));
}

/**
 * Shipped with the first names of the teams table and column, clubs and club_id; 007_team_names
 * renames them, so a fresh schema and one made before then end the same.
 */
export const catalog: Migration = {
  name: '001_catalog',
  async up(db) {
    await db.schema.createTable('clubs', (t) => {
      t.integer('id').primary();
      t.text('name').notNullable().unique();
      t.text('short_name').notNullable();
      t.text('abbreviation').notNullable();
      t.text('city').notNullable();
      t.text('conference').notNullable();
      t.text('primary_color').notNullable();
      t.text('secondary_color').notNullable();
    });
    await db.schema.createTable('players', (t) => {
      t.integer('id').primary();
      t.integer('club_id').notNullable().references('id').inTable('clubs').index();
      t.text('name').notNullable();
      t.text('position').notNullable();
      t.text('detailed_position');
      t.text('rarity').notNullable().index();
      t.integer('rank').notNullable();
      t.integer('age');
      t.text('nationality');
      t.bigInteger('base_price').notNullable();
      t.bigInteger('current_price').notNullable();
      t.integer('max_editions').notNullable();
      t.integer('minted_editions').notNullable().defaultTo(0);
      t.boolean('protected').notNullable().defaultTo(false);
    });
    await db.raw(
      'alter table players add constraint players_editions_within_max check (minted_editions between 0 and max_editions)',
    );
    await db.schema.createTable('cards', (t) => {
      t.bigIncrements('id').primary();
      t.integer('player_id').notNullable().references('id').inTable('players');
      t.integer('edition_number').notNullable();
      t.bigInteger('owner_id').notNullable();
      t.timestamp('acquired_at', { useTz: true }).notNullable();
      t.bigInteger('purchase_price').notNullable().defaultTo(0);
      t.text('origin').notNullable();
      t.timestamp('created_at', { useTz: true }).notNullable();
      t.unique(['player_id', 'edition_number']);
      t.index(['owner_id', 'acquired_at']);
    });
    // Starter cards a user has not seen in the reveal overlay yet.
    await db.schema.createTable('starter_packs', (t) => {
      t.bigInteger('user_id').primary();
      t.specificType('card_ids', 'bigint[]').notNullable();
      t.timestamp('granted_at', { useTz: true }).notNullable();
      t.timestamp('revealed_at', { useTz: true });
    });
    // Outcome of every idempotent mint, by key: a retry returns the same cards.
    await db.schema.createTable('mint_requests', (t) => {
      t.text('idempotency_key').primary();
      t.bigInteger('user_id').notNullable();
      t.specificType('card_ids', 'bigint[]').notNullable();
      t.timestamp('created_at', { useTz: true }).notNullable();
    });
    await db('clubs').insert(
      SEED_TEAMS.map((c) => ({
        id: c.id,
        name: c.name,
        short_name: c.shortName,
        abbreviation: c.abbreviation,
        city: c.city,
        conference: c.conference,
        primary_color: c.primaryColor,
        secondary_color: c.secondaryColor,
      })),
    );
    const rows = seedPlayerRows();
    for (let i = 0; i < rows.length; i += 200) await db('players').insert(rows.slice(i, i + 200));
  },
};
