import { z } from 'zod';
import { PublicCard } from './cards';
import { Id, POSITIONS, Position, RARITIES, Rarity, Timestamp } from './common';
import { pageOf, pageQuery } from './paging';

const MAX_COINS = 1_000_000_000_000;
const coins = z.number().int('Coins must be a whole number').min(0).max(MAX_COINS);
const note = z.string().max(500, 'Notes can be at most 500 characters');

export const OFFER_STATUSES = [
  'pending',
  'accepted',
  'declined',
  'cancelled',
  'voided',
  'expired',
  'countered',
] as const;
export const OfferStatus = z.enum(OFFER_STATUSES);
export type OfferStatus = z.infer<typeof OfferStatus>;

/** A side of an offer; other users appear by username only (null when the user no longer exists). */
export const TradeParty = z.object({ id: z.number(), username: z.string().nullable() });
export type TradeParty = z.infer<typeof TradeParty>;

/**
 * A trade offer (docs/design.md#7-decisions-on-the-specs-open-points): the sender offers cards plus optional coins and may ask for
 * cards of the recipient and/or coins. Coins carry the 2.5% fee: the receiver gets the AfterFee amounts.
 */
export const TradeOffer = z
  .object({
    id: z.number(),
    /** The first offered card, the one the spec's screens show; null when the offer is coins only. */
    card: PublicCard.nullable(),
    /** Each side sees the other's cards: their public face only, and so are one's own shown here. */
    cards: z.array(PublicCard),
    requestedCards: z.array(PublicCard),
    coinOffer: z.number(),
    coinOfferAfterFee: z.number(),
    requestedCoins: z.number(),
    requestedCoinsAfterFee: z.number(),
    status: OfferStatus,
    /** Why the offer ended (or why an accept failed); null otherwise. */
    statusReason: z.string().nullable(),
    note: z.string().nullable(),
    /** The trade wish the offer answers, if any. */
    wishId: z.number().nullable(),
    createdAt: Timestamp,
    expiresAt: Timestamp,
    fromUser: TradeParty,
    toUser: TradeParty,
    /** The offer this one counters (the other party's, now `countered`); null for a first offer. */
    counterOf: z.number().nullable(),
    /** The first offer of the negotiation (this offer's own id when it is that first offer). */
    threadId: z.number(),
    /** 0 for a first offer, n for the n-th counter (at most 10). */
    threadStep: z.number(),
  })
  .meta({ id: 'TradeOffer' });
export type TradeOffer = z.infer<typeof TradeOffer>;

/**
 * Another user's card as any player may see it, to ask for it in a trade: what it is, not what its
 * owner paid or when they got it.
 */
export const TradeableCard = PublicCard.pick({
  id: true,
  player: true,
  editionNumber: true,
  maxEditions: true,
  userId: true,
}).meta({ id: 'TradeableCard' });
export type TradeableCard = z.infer<typeof TradeableCard>;

export const CreateOfferBody = z.strictObject({
  cardId: Id,
  /** The recipient's username. */
  targetUser: z.string().trim().min(1, 'Please select a card and enter a target user').max(64),
  coinOffer: coins.default(0),
  requestedCardIds: z.array(Id).max(10).default([]),
  requestedCoins: coins.default(0),
  note: note.default(''),
});
export type CreateOfferBody = z.input<typeof CreateOfferBody>;

/**
 * A counter-offer: the recipient's answer to a pending offer, the other way round. Cards and coins
 * are the counterer's: offered (theirs) and requested (the original sender's).
 */
export const CounterOfferBody = z.strictObject({
  offeredCardIds: z.array(Id).max(10).default([]),
  coinOffer: coins.default(0),
  requestedCardIds: z.array(Id).max(10).default([]),
  requestedCoins: coins.default(0),
  note: note.default(''),
});
export type CounterOfferBody = z.input<typeof CounterOfferBody>;

export const OffersQuery = z.strictObject({
  status: z.enum([...OFFER_STATUSES, 'all'] as const).default('pending'),
});

export const IncomingCount = z.object({ count: z.number() });

export const WISH_STATUSES = ['open', 'fulfilled', 'cancelled', 'voided'] as const;

/** A card its owner listed for trade, with what they would like for it (null: anything). */
export const TradeWish = z
  .object({
    id: z.number(),
    userId: z.number(),
    /** The owner's username; null when unknown (shown as 'User #id'). */
    username: z.string().nullable(),
    /** Its public face (wishes are everyone's to see); null when the card could not be looked up. */
    card: PublicCard.nullable(),
    desiredRarity: Rarity.nullable(),
    desiredPosition: Position.nullable(),
    desiredTeamId: z.number().nullable(),
    minimumCoins: z.number().nullable(),
    notes: z.string().nullable(),
    status: z.enum(WISH_STATUSES),
    createdAt: Timestamp,
  })
  .meta({ id: 'TradeWish' });
export type TradeWish = z.infer<typeof TradeWish>;

export const CreateWishBody = z.strictObject({
  cardId: Id,
  desiredRarity: Rarity.nullish(),
  desiredPosition: Position.nullish(),
  desiredTeamId: Id.nullish(),
  minimumCoins: coins.nullish(),
  notes: note.nullish(),
});
export type CreateWishBody = z.input<typeof CreateWishBody>;

export const WISH_SORTS = ['newest', 'rarity', 'value_desc', 'value_asc'] as const;
export type WishSort = (typeof WISH_SORTS)[number];

export const WishesQuery = z.strictObject({
  search: z.string().max(100).default(''),
  rarity: z.enum([...RARITIES, ''] as const).default(''),
  position: z.enum([...POSITIONS, ''] as const).default(''),
  teamId: z.coerce.number().int().min(0).default(0),
  /** The owner's username ("user" filter); never an e-mail. */
  user: z.string().max(64).default(''),
  userId: z.coerce.number().int().min(0).default(0),
  sort: z.enum(WISH_SORTS).default('newest'),
});

export const OFFER_TYPES = ['coins', 'card'] as const;
export type OfferType = (typeof OFFER_TYPES)[number];

export const OfferForWishBody = z
  .strictObject({
    wishId: Id,
    offerType: z.enum(OFFER_TYPES),
    cardId: Id.nullish(),
    coinAmount: z.number().nullish(),
    note: note.default(''),
  })
  .superRefine((body, ctx) => {
    // The spec's client-side messages, as the server's answer too.
    if (body.offerType === 'coins' && !(Number.isInteger(body.coinAmount) && body.coinAmount! > 0))
      ctx.addIssue({ code: 'custom', message: 'Invalid coin amount', path: [] });
    if (body.offerType === 'card' && !body.cardId)
      ctx.addIssue({ code: 'custom', message: 'No card selected', path: [] });
  });
export type OfferForWishBody = z.input<typeof OfferForWishBody>;

export const TRADE_TYPES = ['market_sale', 'market_buy', 'trade', 'auction'] as const;
export type TradeType = (typeof TRADE_TYPES)[number];

/** A card as it was traded. */
export const TradedCard = z
  .object({ cardId: z.number(), playerId: z.number(), playerName: z.string(), rarity: z.string() })
  .meta({ id: 'TradedCard' });
export type TradedCard = z.infer<typeof TradedCard>;

/**
 * Both sides of an accepted trade: the sender (`fromUser`) gave `offeredCards` and `offeredCoins`, the
 * recipient (`toUser`) gave `requestedCards` and `requestedCoins`. Coins are what was paid; the
 * receiver got them less the 2.5% fee.
 */
export const TradeExchange = z
  .object({
    offerId: z.number(),
    fromUser: TradeParty,
    toUser: TradeParty,
    offeredCards: z.array(TradedCard),
    offeredCoins: z.number(),
    requestedCards: z.array(TradedCard),
    requestedCoins: z.number(),
  })
  .meta({ id: 'TradeExchange' });
export type TradeExchange = z.infer<typeof TradeExchange>;

/** A card changing hands (docs/spec/game-spec.md#3-entities-and-their-fields), newest first. */
export const TradeRecord = z
  .object({
    id: z.number(),
    createdAt: Timestamp,
    playerName: z.string(),
    playerId: z.number(),
    rarity: z.string(),
    tradeType: z.enum(TRADE_TYPES),
    /** 0 means the market. */
    sellerUserId: z.number(),
    buyerUserId: z.number(),
    /** Null for the market (0) and for a user who no longer exists ('User #id'). */
    sellerUsername: z.string().nullable(),
    buyerUsername: z.string().nullable(),
    /** Coins paid for this card; 0 when nothing was paid for it (a card given in a swap or a gift). */
    salePrice: z.number(),
    /**
     * The seller's profit or loss on the sale, meaningless (0) where salePrice is 0; null unless the
     * caller was the seller (what another player made is theirs to know; admins see it all).
     */
    profitLoss: z.number().nullable(),
    cardId: z.number(),
    /**
     * The card's serial, as every card shows it ('#21 of 5000'); null when the card cannot be read
     * (cards-market did not answer).
     */
    editionNumber: z.number().nullable(),
    maxEditions: z.number().nullable(),
    /** For a trade: everything it exchanged, the same on each of its rows; null for market rows. */
    trade: TradeExchange.nullable(),
  })
  .meta({ id: 'TradeRecord' });
export type TradeRecord = z.infer<typeof TradeRecord>;

/** Without cursor and limit, the spec's call: the newest TRADE_HISTORY_SPEC_SIZE records as an array. */
export const TradeHistoryQuery = z.strictObject(pageQuery);
/** What the spec's unpaged call has always answered. */
export const TRADE_HISTORY_SPEC_SIZE = 100;
export const TradeHistoryPage = pageOf(TradeRecord).meta({ id: 'TradeHistoryPage' });

export type OffersQuery = z.infer<typeof OffersQuery>;
export type IncomingCount = z.infer<typeof IncomingCount>;
export type WishesQuery = z.infer<typeof WishesQuery>;
export type TradeHistoryQuery = z.infer<typeof TradeHistoryQuery>;
export type TradeHistoryPage = z.infer<typeof TradeHistoryPage>;
