/** Gateway contract of the card entities (game spec, section 3). */

export type Rarity = 'Common' | 'Rare' | 'Epic' | 'Legendary' | 'Ultra Legendary';

/** The seeded positions; the spec only promises that position contains one of these words. */
export type Position = 'Forward' | 'Midfielder' | 'Defender' | 'Goalkeeper';

/** The club as embedded in a player. */
export interface PlayerTeam {
  id: number;
  name: string;
  abbreviation: string;
  logoUrl: string | null;
  primaryColor: string;
  secondaryColor: string;
}

export interface Player {
  id: number;
  name: string;
  position: string;
  /** For example 'CB'; null when unknown. */
  detailedPosition: string | null;
  rarity: Rarity;
  currentPrice: number;
  basePrice: number;
  /** Percent change of the current price. */
  priceChange: number;
  /** Null: no photos are shipped, the app draws the card art. */
  imageUrl: string | null;
  teamId: number;
  team: PlayerTeam;
  rank: number;
  protected: boolean;
  mintedEditions: number;
  maxEditions: number;
  /** Never sent today; the spec's rule falls back to the edition share. */
  scarcity?: number | null;
}

/** An owned card (GET /api/user/cards, GET /api/user/starter-pack). */
export interface Card {
  id: number;
  player: Player;
  editionNumber: number;
  maxEditions: number;
  /** Percent change of the player's price. */
  priceChange?: number | null;
  forSale: boolean;
  /** The asking price while the card is listed on the market (forSale), else null. */
  listingPrice?: number | null;
  /** ISO timestamp. */
  acquiredAt: string;
  profitLoss: number;
  purchasePrice: number;
  /** 0 means the market owns the card. */
  userId: number;
}

/** GET /api/player-catalog. */
export interface CatalogEntry {
  player: Player;
  owned: boolean;
  count: number;
}

/** GET /api/teams and /api/teams/with-player-counts, sorted by name. */
export interface Team {
  id: number;
  name: string;
  shortName: string;
  abbreviation: string;
  logoUrl: string | null;
  primaryColor: string;
  secondaryColor: string;
  city: string;
  conference: string;
  playerCount: number;
}

/** What the crest and the card background need of a club. */
export type ClubColors = Pick<PlayerTeam, 'name' | 'abbreviation' | 'primaryColor' | 'secondaryColor'> & {
  logoUrl?: string | null;
};

export interface StarterPackRevealedResponse {
  revealed: number;
}
