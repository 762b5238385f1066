import type { Card, CatalogEntry, Player, Rarity, Team } from '@touchline/contract';

/** The 30 MLS teams as GET /api/teams returns them (sorted by name), rosters of 26-30 players. */
const TEAM_ROWS: [number, string, string, string, string, 'Eastern' | 'Western', string, string][] = [
  [1, 'Atlanta United FC', 'Atlanta United', 'ATL', 'Atlanta', 'Eastern', '#80000A', '#221F1F'],
  [2, 'Austin FC', 'Austin FC', 'ATX', 'Austin', 'Western', '#00B140', '#000000'],
  [3, 'CF Montréal', 'CF Montréal', 'MTL', 'Montréal', 'Eastern', '#0033A1', '#000000'],
  [4, 'Charlotte FC', 'Charlotte FC', 'CLT', 'Charlotte', 'Eastern', '#1A85C8', '#000000'],
  [5, 'Chicago Fire FC', 'Chicago Fire', 'CHI', 'Chicago', 'Eastern', '#9A1B2F', '#0A174A'],
  [6, 'Colorado Rapids', 'Colorado', 'COL', 'Denver', 'Western', '#960A2C', '#9CC2EA'],
  [7, 'Columbus Crew', 'Columbus', 'CLB', 'Columbus', 'Eastern', '#FEDD00', '#000000'],
  [8, 'D.C. United', 'D.C. United', 'DC', 'Washington', 'Eastern', '#000000', '#EF3E42'],
  [9, 'FC Cincinnati', 'Cincinnati', 'CIN', 'Cincinnati', 'Eastern', '#263B80', '#F05323'],
  [10, 'FC Dallas', 'Dallas', 'DAL', 'Dallas', 'Western', '#E81F3E', '#2A4076'],
  [11, 'Houston Dynamo FC', 'Houston', 'HOU', 'Houston', 'Western', '#FF6B00', '#101820'],
  [12, 'Inter Miami CF', 'Inter Miami', 'MIA', 'Miami', 'Eastern', '#F7B5CD', '#231F20'],
  [13, 'LA Galaxy', 'LA Galaxy', 'LA', 'Los Angeles', 'Western', '#00245D', '#FFD200'],
  [14, 'Los Angeles FC', 'LAFC', 'LAFC', 'Los Angeles', 'Western', '#000000', '#C39E6D'],
  [15, 'Minnesota United FC', 'Minnesota', 'MIN', 'Saint Paul', 'Western', '#585958', '#8CD2F4'],
  [16, 'Nashville SC', 'Nashville', 'NSH', 'Nashville', 'Eastern', '#ECE83A', '#1F1646'],
  [17, 'New England Revolution', 'New England', 'NE', 'Foxborough', 'Eastern', '#0A2240', '#CE0E2D'],
  [18, 'New York City FC', 'NYCFC', 'NYC', 'New York', 'Eastern', '#6CACE4', '#041E42'],
  [19, 'New York Red Bulls', 'Red Bulls', 'RBNY', 'Harrison', 'Eastern', '#ED1E36', '#23326A'],
  [20, 'Orlando City SC', 'Orlando City', 'ORL', 'Orlando', 'Eastern', '#633492', '#FDE192'],
  [21, 'Philadelphia Union', 'Philadelphia', 'PHI', 'Chester', 'Eastern', '#071B2C', '#B18500'],
  [22, 'Portland Timbers FC', 'Portland', 'POR', 'Portland', 'Western', '#00482B', '#D69A00'],
  [23, 'Real Salt Lake', 'Real Salt Lake', 'RSL', 'Sandy', 'Western', '#B30838', '#013A81'],
  [24, 'San Diego FC', 'San Diego', 'SD', 'San Diego', 'Western', '#0B1F3A', '#A7A8AA'],
  [25, 'San Jose Earthquakes', 'San Jose', 'SJ', 'San Jose', 'Western', '#0067B1', '#000000'],
  [26, 'Seattle Sounders FC', 'Seattle', 'SEA', 'Seattle', 'Western', '#5D9741', '#005595'],
  [27, 'Sporting Kansas City', 'Sporting KC', 'SKC', 'Kansas City', 'Western', '#93B1D7', '#002F65'],
  [28, 'St. Louis City SC', 'St. Louis', 'STL', 'St. Louis', 'Western', '#EC1458', '#001544'],
  [29, 'Toronto FC', 'Toronto', 'TOR', 'Toronto', 'Eastern', '#B81137', '#455560'],
  [30, 'Vancouver Whitecaps FC', 'Vancouver', 'VAN', 'Vancouver', 'Western', '#00245E', '#9DC2EA'],
];

export const teams: Team[] = TEAM_ROWS.map(
  ([id, name, shortName, abbreviation, city, conference, primaryColor, secondaryColor]) => ({
    id,
    name,
    shortName,
    abbreviation,
    logoUrl: null,
    primaryColor,
    secondaryColor,
    city,
    conference,
    playerCount: 26 + (id % 5),
  }),
);

export function team(id: number): Team {
  const found = teams.find((t) => t.id === id);
  if (!found) throw new Error(`no team ${id}`);
  return found;
}

const MAX_EDITIONS: Record<Rarity, number> = {
  'Ultra Legendary': 10,
  Legendary: 50,
  Epic: 250,
  Rare: 1000,
  Common: 5000,
};

export interface PlayerSpec {
  id: number;
  name: string;
  teamId: number;
  position: Player['position'];
  detailedPosition?: string | null;
  rarity: Rarity;
  price: number;
  priceChange?: number;
}

export function makePlayer(spec: PlayerSpec): Player {
  const playerTeam = team(spec.teamId);
  return {
    id: spec.id,
    name: spec.name,
    position: spec.position,
    detailedPosition: spec.detailedPosition ?? null,
    rarity: spec.rarity,
    currentPrice: spec.price,
    basePrice: Math.round(spec.price / 1.05 / 10) * 10,
    priceChange: spec.priceChange ?? 0,
    imageUrl: null,
    teamId: playerTeam.id,
    team: {
      id: playerTeam.id,
      name: playerTeam.name,
      abbreviation: playerTeam.abbreviation,
      logoUrl: null,
      primaryColor: playerTeam.primaryColor,
      secondaryColor: playerTeam.secondaryColor,
    },
    rank: spec.id,
    protected: false,
    mintedEditions: 3,
    maxEditions: MAX_EDITIONS[spec.rarity],
  };
}

/** Real players of the seed, spread over rarities, positions and teams. */
export const players = {
  messi: makePlayer({
    id: 1,
    name: 'Lionel Messi',
    teamId: 12,
    position: 'Forward',
    detailedPosition: 'RW',
    rarity: 'Ultra Legendary',
    price: 148_500,
    priceChange: 2.46,
  }),
  alba: makePlayer({
    id: 18,
    name: 'Jordi Alba',
    teamId: 12,
    position: 'Defender',
    detailedPosition: 'LB',
    rarity: 'Legendary',
    price: 39_200,
    priceChange: -1.34,
  }),
  nwobodo: makePlayer({
    id: 69,
    name: 'Obinna Nwobodo',
    teamId: 9,
    position: 'Midfielder',
    detailedPosition: 'CDM',
    rarity: 'Epic',
    price: 9_400,
  }),
  guzan: makePlayer({
    id: 338,
    name: 'Brad Guzan',
    teamId: 1,
    position: 'Goalkeeper',
    detailedPosition: 'GK',
    rarity: 'Rare',
    price: 1_180,
    priceChange: 0.5,
  }),
  herbers: makePlayer({
    id: 485,
    name: 'Fabian Herbers',
    teamId: 3,
    position: 'Forward',
    detailedPosition: 'RW',
    rarity: 'Common',
    price: 240,
    priceChange: -3.2,
  }),
  frei: makePlayer({
    id: 402,
    name: 'Stefan Frei',
    teamId: 26,
    position: 'Goalkeeper',
    detailedPosition: 'GK',
    rarity: 'Rare',
    price: 960,
  }),
};

export interface CardSpec {
  id: number;
  player: Player;
  editionNumber?: number;
  acquiredAt: string;
  profitLoss?: number;
  forSale?: boolean;
}

export function makeCard(spec: CardSpec): Card {
  return {
    id: spec.id,
    player: spec.player,
    editionNumber: spec.editionNumber ?? 1,
    maxEditions: spec.player.maxEditions,
    priceChange: spec.player.priceChange,
    forSale: spec.forSale ?? false,
    listingPrice: null,
    listingFeePercent: null,
    acquiredAt: spec.acquiredAt,
    profitLoss: spec.profitLoss ?? 0,
    purchasePrice: spec.player.currentPrice - (spec.profitLoss ?? 0),
    userId: 7,
  };
}

/** A collection of six cards, newest first as GET /api/user/cards returns them. */
export const collection: Card[] = [
  makeCard({ id: 106, player: players.herbers, editionNumber: 412, acquiredAt: '2026-03-06T18:00:00.000Z' }),
  makeCard({
    id: 105,
    player: players.alba,
    editionNumber: 12,
    acquiredAt: '2026-03-05T18:00:00.000Z',
    profitLoss: -800,
  }),
  makeCard({ id: 104, player: players.guzan, editionNumber: 88, acquiredAt: '2026-03-04T18:00:00.000Z' }),
  makeCard({
    id: 103,
    player: players.messi,
    editionNumber: 3,
    acquiredAt: '2026-03-03T18:00:00.000Z',
    profitLoss: 3500,
  }),
  makeCard({ id: 102, player: players.nwobodo, editionNumber: 40, acquiredAt: '2026-03-02T18:00:00.000Z' }),
  makeCard({ id: 101, player: players.frei, editionNumber: 230, acquiredAt: '2026-03-01T18:00:00.000Z' }),
];

export function catalogEntry(player: Player, count = 0): CatalogEntry {
  return { player, owned: count > 0, count };
}
