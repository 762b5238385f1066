import { invalid } from '@touchline/kit';
import type { MintSpec } from '@touchline/protos/gen/touchline/cards_market/MintSpec';

export const PROMO_REQUIRED = 'Promo code is required';
export const PROMO_NOT_FOUND = 'Promo code not found';
export const PROMO_EXPIRED = 'This promo code has expired';
export const PROMO_ALREADY_REDEEMED = 'You have already redeemed this code';
export const PROMO_EXHAUSTED = 'This promo code has been fully redeemed';
export const PROMO_REDEEMED = 'Promo code redeemed!';
/** The redemption holds, but cards-market could not mint the cards yet: the sweeper delivers them. */
export const PROMO_CARDS_PENDING = 'Promo code redeemed! Your cards are on their way.';

export const MAX_CODE_LENGTH = 64;
/** MintCards takes at most 100 cards per request, and a promo mints in one request. */
const MAX_REWARD_CARDS = 100;
/** Largest pack (cards-market's packs hold 3 to 5 cards). */
const MAX_PACK_SIZE = 5;

export const RARITIES = ['Common', 'Rare', 'Epic', 'Legendary', 'Ultra Legendary'] as const;
export type Rarity = (typeof RARITIES)[number];

export interface PackReward {
  /** A cards-market pack id (1 Common Pack … 5 Ultra Legendary Pack). */
  packId: number;
  /** Its name as the reward dialog shows it. */
  name: string;
  quantity: number;
}

/** What a code gives; a redemption keeps a copy of it as it was. */
export interface PromoReward {
  coins: number;
  /** One card: the next free edition of this cards-market player. */
  cardPlayerId: number | null;
  packs: PackReward[];
  /** Random cards of one rarity. */
  generated: { count: number; rarity: Rarity } | null;
}

export interface PromoCodeDefinition extends PromoReward {
  code: string;
  description: string;
  expiresAt: Date | null;
  /** null: unlimited. */
  maxRedemptions: number | null;
}

/** Codes are case-insensitive and pasted with stray spaces: stored and looked up trimmed, upper-case. */
export function normalizeCode(input: string): string {
  return input.trim().toUpperCase();
}

export function needsCards(reward: PromoReward): boolean {
  return reward.cardPlayerId !== null || reward.packs.length > 0 || (reward.generated?.count ?? 0) > 0;
}

/** The MintCards specs of a reward; the single card comes first, so it is the first id minted. */
export function mintSpecs(reward: PromoReward): MintSpec[] {
  const specs: MintSpec[] = [];
  if (reward.cardPlayerId !== null) specs.push({ playerId: reward.cardPlayerId, quantity: 1 });
  for (const pack of reward.packs) specs.push({ packId: pack.packId, quantity: pack.quantity });
  if (reward.generated && reward.generated.count > 0)
    specs.push({ rarity: reward.generated.rarity, quantity: reward.generated.count });
  return specs;
}

/** The minted ids split as the reward shows them: the single card, and every other card. */
export function splitCards(reward: PromoReward, cardIds: readonly number[]) {
  return reward.cardPlayerId !== null
    ? { cardId: cardIds[0] ?? 0, generatedCardIds: cardIds.slice(1) }
    : { cardId: 0, generatedCardIds: [...cardIds] };
}

export interface CodeState {
  expiresAt: Date | null;
  maxRedemptions: number | null;
  redemptionsCount: number;
}

/** Why this user cannot redeem the code now, in the spec's words; undefined when they can. */
export function refusal(code: CodeState, alreadyRedeemed: boolean, now: Date): string | undefined {
  if (code.expiresAt && code.expiresAt.getTime() <= now.getTime()) return PROMO_EXPIRED;
  if (alreadyRedeemed) return PROMO_ALREADY_REDEEMED;
  if (code.maxRedemptions !== null && code.redemptionsCount >= code.maxRedemptions) return PROMO_EXHAUSTED;
  return undefined;
}

const positiveInt = (n: number) => Number.isSafeInteger(n) && n > 0;

/** Checks a code before it is stored: a reward cards-market would refuse could never be delivered. */
export function checkDefinition(def: PromoCodeDefinition): PromoCodeDefinition {
  const code = normalizeCode(def.code);
  if (code.length === 0 || code.length > MAX_CODE_LENGTH || code !== def.code)
    throw invalid(`code must be 1-${MAX_CODE_LENGTH} characters, trimmed and upper-case`);
  if (!Number.isSafeInteger(def.coins) || def.coins < 0) throw invalid('coins must not be negative');
  if (def.cardPlayerId !== null && !positiveInt(def.cardPlayerId))
    throw invalid('cardPlayerId must be positive');
  for (const p of def.packs)
    if (!positiveInt(p.packId) || !positiveInt(p.quantity) || p.name.trim() === '')
      throw invalid('each pack needs a packId, a name and a positive quantity');
  if (def.generated && (!positiveInt(def.generated.count) || !RARITIES.includes(def.generated.rarity)))
    throw invalid('generated cards need a positive count and a known rarity');
  const cards =
    (def.cardPlayerId === null ? 0 : 1) +
    def.packs.reduce((n, p) => n + p.quantity * MAX_PACK_SIZE, 0) +
    (def.generated?.count ?? 0);
  if (cards > MAX_REWARD_CARDS) throw invalid(`a code rewards at most ${MAX_REWARD_CARDS} cards`);
  if (def.coins === 0 && !needsCards(def)) throw invalid('a code must reward something');
  if (def.maxRedemptions !== null && !positiveInt(def.maxRedemptions))
    throw invalid('maxRedemptions must be positive');
  return def;
}
