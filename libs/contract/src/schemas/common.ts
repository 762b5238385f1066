import { z } from 'zod';

/** Every error answer: {message}, a sentence to show the user (docs/design.md#6-security). */
export const ErrorBody = z.looseObject({ message: z.string() }).meta({ id: 'Error' });

/** A saga whose outcome is not known yet (a peer is slow or down): the sweeper settles it. */
export const PendingBody = z.object({ status: z.literal('pending'), message: z.string() }).meta({
  id: 'Pending',
  description: 'Accepted; a retry with the same Idempotency-Key returns the outcome',
});

/** The answer of an action that only confirms, with a sentence to show. */
export const SuccessMessage = z.object({ success: z.literal(true), message: z.string() });

export const RARITIES = ['Common', 'Rare', 'Epic', 'Legendary', 'Ultra Legendary'] as const;
export const Rarity = z.enum(RARITIES).meta({ id: 'Rarity' });
export type Rarity = z.infer<typeof Rarity>;

/** The seeded positions; a player's position contains one of these words. */
export const POSITIONS = ['Forward', 'Midfielder', 'Defender', 'Goalkeeper'] as const;
export const Position = z.enum(POSITIONS).meta({ id: 'Position' });
export type Position = z.infer<typeof Position>;

/** Filters: one value, or '' for any. */
export const RarityFilter = z.enum([...RARITIES, ''] as const);
export const PositionFilter = z.enum([...POSITIONS, ''] as const);

/** The query filters of the market, all players and the catalog (empty: any). */
export const playerFilters = {
  position: PositionFilter.default(''),
  rarity: RarityFilter.default(''),
  search: z.string().max(100).default(''),
  teamId: z.coerce.number().int().min(0).default(0),
};

/** A row id in a JSON body. */
export const Id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** A positive whole number in the path, e.g. /api/trades/12/accept; the 400 names the parameter. */
export const idParam = (name: string) =>
  z
    .string()
    .regex(/^\d{1,15}$/, `${name} must be a positive whole number`)
    .transform(Number)
    .refine((n) => Number.isSafeInteger(n) && n > 0, `${name} must be a positive whole number`);
export const IdParams = z.object({ id: idParam('id') });

/** No body, or an empty object: anything else is refused. */
export const EmptyBody = z.strictObject({});

/** ISO 8601 timestamp. */
export const Timestamp = z.string().meta({ format: 'date-time' });

export type ErrorBody = z.infer<typeof ErrorBody>;
export type PendingBody = z.infer<typeof PendingBody>;
export type SuccessMessage = z.infer<typeof SuccessMessage>;
export type RarityFilter = z.infer<typeof RarityFilter>;
export type PositionFilter = z.infer<typeof PositionFilter>;
export type Id = z.infer<typeof Id>;
export type IdParams = z.infer<typeof IdParams>;
export type EmptyBody = z.infer<typeof EmptyBody>;
export type Timestamp = z.infer<typeof Timestamp>;
