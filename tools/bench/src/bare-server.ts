/**
 * The floor for `npm run bench:read`: express and pg, nothing else. It runs the SQL that Touchline's
 * cards-market runs for the same four reads, against the same database, keeps the players in memory
 * for 2 s as cards-market's PlayerCache does, and answers the same JSON. No session: the user is
 * the `x-user-id` header. Usage: node --import tsx bare-server.ts <database url> <port>
 */
import express from 'express';
import pg from 'pg';

pg.types.setTypeParser(pg.types.builtins.INT8, Number);
pg.types.setTypeParser(pg.types.builtins.NUMERIC, Number);
const [url, port] = process.argv.slice(2);
const pool = new pg.Pool({ connectionString: url, max: 10, options: '-c search_path=cards_market' });

type Row = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
let players: { rows: Row[]; byId: Map<number, Row>; change: Map<number, number>; at: number } | undefined;

async function loadPlayers() {
  if (players && Date.now() - players.at < 2_000) return players;
  const [rows, dayAgo] = await Promise.all([
    pool.query(`select p.id, p.name, p.position, p.detailed_position, p.rarity, p.rank, p.base_price,
      p.current_price, p.max_editions, p.minted_editions, p.protected, p.team_id, t.name as team_name,
      t.abbreviation as team_abbreviation, t.primary_color as team_primary_color,
      t.secondary_color as team_secondary_color from players as p inner join teams as t on t.id = p.team_id order by p.id`),
    pool.query(
      `select distinct on (player_id) player_id, price from price_history where at <= $1 order by player_id, at desc`,
      [new Date(Date.now() - 24 * 3600_000)],
    ),
  ]);
  let before = dayAgo.rows;
  if (before.length === 0)
    before = (
      await pool.query(
        `select distinct on (player_id) player_id, price from price_history order by player_id, at asc`,
      )
    ).rows;
  const prices = new Map(before.map((r) => [r.player_id as number, r.price as number]));
  const change = new Map(
    rows.rows.map((p) => {
      const prev = prices.get(p.id);
      return [p.id as number, prev ? Math.round(((p.current_price - prev) / prev) * 1000) / 10 : 0];
    }),
  );
  players = {
    rows: rows.rows,
    byId: new Map(rows.rows.map((p) => [p.id as number, p])),
    change,
    at: Date.now(),
  };
  return players;
}

const playerJson = (p: Row, change: number) => ({
  id: p.id,
  name: p.name,
  position: p.position,
  detailedPosition: p.detailed_position || null,
  rarity: p.rarity,
  currentPrice: p.current_price,
  basePrice: p.base_price,
  priceChange: change,
  imageUrl: null,
  teamId: p.team_id,
  team: {
    id: p.team_id,
    name: p.team_name,
    abbreviation: p.team_abbreviation,
    logoUrl: null,
    primaryColor: p.team_primary_color,
    secondaryColor: p.team_secondary_color,
  },
  rank: p.rank,
  protected: p.protected,
  mintedEditions: p.minted_editions,
  maxEditions: p.max_editions,
});

const app = express();
app.get('/api/market/all-players', async (_req, res) => {
  const { rows, change } = await loadPlayers();
  const sorted = [...rows].sort((a, b) => b.current_price - a.current_price);
  res.json(sorted.map((p) => playerJson(p, change.get(p.id)!)));
});
app.get('/api/player-catalog', async (req, res) => {
  const [{ rows, change }, owned] = await Promise.all([
    loadPlayers(),
    pool.query(`select player_id, count(*)::int as count from cards where owner_id = $1 group by player_id`, [
      Number(req.get('x-user-id')),
    ]),
  ]);
  const counts = new Map(owned.rows.map((r) => [r.player_id as number, r.count as number]));
  res.json(
    rows.map((p) => ({
      player: playerJson(p, change.get(p.id)!),
      owned: counts.has(p.id),
      count: counts.get(p.id) ?? 0,
    })),
  );
});
app.get('/api/market', async (_req, res) => {
  const [listings, supply, { byId, change }] = await Promise.all([
    pool.query(`select l.id as listing_id, l.price, l.seller_id, l.created_at, k.id as card_id, k.player_id,
      k.edition_number from listings as l inner join cards as k on k.id = l.card_id where l.status = 'active'`),
    pool.query(`select distinct on (player_id) id as card_id, player_id, edition_number from cards
      where owner_id = 0 and reserved_by is null and hold_key is null order by player_id, edition_number`),
    loadPlayers(),
  ]);
  const item = (r: Row, userId: number, price: number, listingId: number | null, listedAt: string | null) => {
    const p = byId.get(r.player_id)!;
    const player = playerJson(p, change.get(p.id)!);
    const { name, logoUrl, abbreviation, primaryColor, secondaryColor } = player.team;
    return {
      id: r.card_id,
      player,
      team: { name, logoUrl, abbreviation, primaryColor, secondaryColor },
      priceChange: player.priceChange,
      userId,
      price,
      editionNumber: r.edition_number,
      maxEditions: p.max_editions,
      listingId,
      listedAt,
    };
  };
  // Sellers' names, as the gateway asks identity for them (one query for the page).
  const sellerIds = [...new Set(listings.rows.map((l) => Number(l.seller_id)))];
  const names = new Map(
    (
      await pool.query<{ id: number; username: string }>(
        'select id, username from identity.users where id = any($1)',
        [sellerIds],
      )
    ).rows.map((u) => [Number(u.id), u.username]),
  );
  const items = [
    ...listings.rows.map((l) => item(l, l.seller_id, l.price, l.listing_id, l.created_at.toISOString())),
    ...supply.rows.map((s) => item(s, 0, byId.get(s.player_id)!.current_price, null, null)),
  ]
    .map((entry) => ({ ...entry, username: names.get(Number(entry.userId)) ?? null }))
    .sort((a, b) => a.price - b.price);
  res.json(items);
});
app.get('/api/user/cards', async (req, res) => {
  const [cards, { byId, change }] = await Promise.all([
    pool.query(
      `select k.id, k.player_id, k.edition_number, k.owner_id, k.acquired_at, k.purchase_price, k.origin,
      k.hold_key, l.id as listing_id, l.price as listing_price, l.fee_percent as listing_fee_percent
      from cards as k left join listings as l
      on l.card_id = k.id and l.status in ('active', 'settling') where k.owner_id = $1
      order by k.acquired_at desc, k.id desc`,
      [Number(req.get('x-user-id'))],
    ),
    loadPlayers(),
  ]);
  res.json(
    cards.rows.map((c) => {
      const p = byId.get(c.player_id)!;
      const forSale = c.listing_id !== null;
      return {
        id: c.id,
        player: playerJson(p, change.get(p.id)!),
        editionNumber: c.edition_number,
        maxEditions: p.max_editions,
        priceChange: change.get(p.id)!,
        forSale,
        acquiredAt: c.acquired_at.toISOString(),
        profitLoss: p.current_price - c.purchase_price,
        purchasePrice: c.purchase_price,
        listingPrice: forSale ? c.listing_price : null,
        listingFeePercent: forSale ? c.listing_fee_percent : null,
        userId: c.owner_id,
      };
    }),
  );
});
app.listen(Number(port), '127.0.0.1', () => console.log('bare server ready'));
