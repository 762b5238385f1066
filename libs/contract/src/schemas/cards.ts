import { z } from 'zod';
import { playerFilters, Rarity, Timestamp } from './common';
import { pageOf, pageQuery, pageTotal } from './paging';

/** The team as embedded in a player. */
export const PlayerTeam = z
  .object({
    id: z.number(),
    name: z.string(),
    abbreviation: z.string(),
    /** Null: no logos are shipped, the app draws the crest. */
    logoUrl: z.string().nullable(),
    primaryColor: z.string(),
    secondaryColor: z.string(),
  })
  .meta({ id: 'PlayerTeam' });
export type PlayerTeam = z.infer<typeof PlayerTeam>;

/** A player (docs/spec/game-spec.md#3-entities-and-their-fields). */
export const Player = z
  .object({
    id: z.number(),
    name: z.string(),
    /** Contains Forward, Midfielder, Defender or Goalkeeper. */
    position: z.string(),
    /** For example 'CB'; null when unknown. */
    detailedPosition: z.string().nullable(),
    rarity: Rarity,
    currentPrice: z.number(),
    basePrice: z.number(),
    /** Percent change of the current price over 24 hours. */
    priceChange: z.number(),
    /** Null: no photos are shipped, the app draws the card art. */
    imageUrl: z.string().nullable(),
    teamId: z.number(),
    team: PlayerTeam,
    rank: z.number(),
    protected: z.boolean(),
    mintedEditions: z.number(),
    maxEditions: z.number(),
  })
  .meta({ id: 'Player' });
export type Player = z.infer<typeof Player>;

/**
 * A card as any player may see it: edition `#editionNumber of maxEditions` of a player, who holds it
 * (userId 0 is the market) and its listing. Every answer that shows another user's card shows this.
 */
export const PublicCard = z
  .object({
    id: z.number(),
    player: Player,
    editionNumber: z.number(),
    maxEditions: z.number(),
    priceChange: z.number(),
    forSale: z.boolean(),
    /** The asking price while the card is listed on the market, else null. */
    listingPrice: z.number().nullable(),
    /** The sale fee percent fixed when the card was listed, charged at the sale; null when not listed. */
    listingFeePercent: z.number().nullable(),
    userId: z.number(),
  })
  .meta({ id: 'PublicCard' });
export type PublicCard = z.infer<typeof PublicCard>;

/** What only a card's owner sees of it: what they paid, their profit or loss, when they got it. */
export const PRIVATE_CARD_FIELDS = ['acquiredAt', 'profitLoss', 'purchasePrice'] as const;
export type PrivateCardField = (typeof PRIVATE_CARD_FIELDS)[number];

/** A card of the signed-in user: its public face and what only its owner sees. */
export const Card = PublicCard.extend({
  acquiredAt: Timestamp,
  profitLoss: z.number(),
  purchasePrice: z.number(),
  /** The open auction the card is in (it cannot be sold or traded meanwhile); null when none. */
  auctionId: z.number().nullable().optional(),
}).meta({ id: 'Card' });
export type Card = z.infer<typeof Card>;

export const CatalogEntry = z
  .object({ player: Player, owned: z.boolean(), count: z.number() })
  .meta({ id: 'CatalogEntry' });
export type CatalogEntry = z.infer<typeof CatalogEntry>;

/** GET /api/player-catalog: the market's filters, and paging; the catalog keeps its order (by player). */
export const CatalogQuery = z.strictObject({ ...playerFilters, ...pageQuery });
export type CatalogQuery = z.infer<typeof CatalogQuery>;

/** A page of the catalog, with the user's progress over every player (not only the filtered ones). */
export const CatalogPage = pageOf(CatalogEntry, {
  ...pageTotal,
  collectedPlayers: z.number(),
  totalPlayers: z.number(),
}).meta({ id: 'CatalogPage' });
export type CatalogPage = z.infer<typeof CatalogPage>;

export const Team = z
  .object({
    id: z.number(),
    name: z.string(),
    shortName: z.string(),
    abbreviation: z.string(),
    logoUrl: z.string().nullable(),
    primaryColor: z.string(),
    secondaryColor: z.string(),
    city: z.string(),
    conference: z.string(),
    playerCount: z.number(),
  })
  .meta({ id: 'Team' });
export type Team = z.infer<typeof Team>;

export const StarterPackRevealed = z.object({
  /** Cards marked by this call (0 on a repeat). */
  revealed: z.number(),
});

export const FavoriteTeamBody = z.strictObject({
  /** Null clears the choice. */
  teamId: z.number({ error: 'teamId must be a number' }).int().positive().nullable(),
});

export const UsernameBody = z.strictObject({ username: z.string().min(1, 'Username is required').max(64) });

export type StarterPackRevealed = z.infer<typeof StarterPackRevealed>;
export type FavoriteTeamBody = z.infer<typeof FavoriteTeamBody>;
export type UsernameBody = z.infer<typeof UsernameBody>;
