import { PITCH_POSITIONS, type PitchPosition } from './matchday';
import { RARITIES, type Rarity } from './packs';

/**
 * Squad challenges (docs/design.md#5-cards-and-the-market, decision 0018): a set of own cards that
 * meets a challenge's requirements is given up for its reward. The checks are here so the squad
 * builder and cards-market agree on what a card meets.
 */

/** A squad holds 1 to 11 cards. */
export const CHALLENGE_MAX_CARDS = 11;
/** The largest coin reward an admin may set. */
export const CHALLENGE_MAX_REWARD = 1_000_000;
export const CHALLENGE_TITLE_MAX = 80;
export const CHALLENGE_DESCRIPTION_MAX = 300;

/** What a challenge asks; a null requirement is not asked. */
export interface ChallengeRequirements {
  /** Exactly this many cards. */
  cardCount: number;
  /** Every card of this team. */
  teamId: number | null;
  /** Every card of this position. */
  position: PitchPosition | null;
  /** Every card of this rarity or rarer. */
  minRarity: Rarity | null;
  /** The cards' current prices add up to at least this. */
  minTotalValue: number | null;
}

/** The facts of a card the requirements look at. */
export interface SquadCard {
  id: number;
  teamId: number;
  position: string;
  rarity: string;
  currentPrice: number;
}

/** Each per-card requirement a card meets or misses (null: not asked). */
export interface CardFit {
  team: boolean | null;
  position: boolean | null;
  rarity: boolean | null;
}

export interface SquadCheck {
  ok: boolean;
  cards: { id: number; fit: CardFit; ok: boolean }[];
  count: { have: number; need: number; ok: boolean };
  totalValue: { have: number; need: number | null; ok: boolean };
  /** Plain sentences of what is missing, in the order the screen lists the requirements. */
  problems: string[];
}

export function isPitchPosition(value: string): value is PitchPosition {
  return (PITCH_POSITIONS as readonly string[]).includes(value);
}

export function isChallengeRarity(value: string): value is Rarity {
  return (RARITIES as readonly string[]).includes(value);
}

/** Whether `rarity` is `min` or rarer (RARITIES runs from the rarest). */
export function rarityAtLeast(rarity: string, min: Rarity): boolean {
  const at = RARITIES.indexOf(rarity as Rarity);
  return at >= 0 && at <= RARITIES.indexOf(min);
}

/** Which of the per-card requirements one card meets. */
export function cardFit(card: SquadCard, req: ChallengeRequirements): CardFit {
  return {
    team: req.teamId === null ? null : card.teamId === req.teamId,
    position: req.position === null ? null : card.position === req.position,
    rarity: req.minRarity === null ? null : rarityAtLeast(card.rarity, req.minRarity),
  };
}

function fits(fit: CardFit): boolean {
  return fit.team !== false && fit.position !== false && fit.rarity !== false;
}

/** The requirements in plain words, as the list and the squad builder show them. */
export function describeRequirements(req: ChallengeRequirements, teamName?: string): string[] {
  const lines = [`Exactly ${req.cardCount} ${req.cardCount === 1 ? 'card' : 'cards'}`];
  if (req.teamId !== null) lines.push(`Every card from ${teamName ?? `team ${req.teamId}`}`);
  if (req.position !== null) lines.push(`Every card a ${req.position}`);
  if (req.minRarity !== null)
    lines.push(req.minRarity === 'Common' ? 'Any rarity' : `Every card ${req.minRarity} or rarer`);
  if (req.minTotalValue !== null)
    lines.push(`Total value at least ${req.minTotalValue.toLocaleString('en-US')} coins`);
  return lines;
}

/**
 * Checks a squad against the requirements. The same card twice counts once (the server refuses a
 * repeated id before it gets here; the builder cannot pick one twice).
 */
export function checkSquad(cards: readonly SquadCard[], req: ChallengeRequirements): SquadCheck {
  const unique = [...new Map(cards.map((c) => [c.id, c])).values()];
  const checked = unique.map((card) => {
    const fit = cardFit(card, req);
    return { id: card.id, fit, ok: fits(fit) };
  });
  const total = unique.reduce((sum, c) => sum + c.currentPrice, 0);
  const count = { have: unique.length, need: req.cardCount, ok: unique.length === req.cardCount };
  const totalValue = {
    have: total,
    need: req.minTotalValue,
    ok: req.minTotalValue === null || total >= req.minTotalValue,
  };
  const problems: string[] = [];
  if (!count.ok)
    problems.push(`The squad needs exactly ${req.cardCount} ${req.cardCount === 1 ? 'card' : 'cards'}`);
  const misfits = checked.filter((c) => !c.ok).length;
  if (misfits > 0)
    problems.push(`${misfits} ${misfits === 1 ? 'card does' : 'cards do'} not meet the requirements`);
  if (!totalValue.ok)
    problems.push(`The total value must be at least ${req.minTotalValue!.toLocaleString('en-US')} coins`);
  return { ok: problems.length === 0, cards: checked, count, totalValue, problems };
}

/** Where a challenge stands at `now`: not started, open, ended by its schedule, or retired. */
export type ChallengeState = 'scheduled' | 'open' | 'ended' | 'retired';

export function challengeState(
  c: { startsAt: Date; endsAt: Date | null; retiredAt: Date | null },
  now: Date,
): ChallengeState {
  if (c.retiredAt) return 'retired';
  if (now < c.startsAt) return 'scheduled';
  if (c.endsAt && now >= c.endsAt) return 'ended';
  return 'open';
}

/** The wallet key of a challenge's reward: a player completes a challenge once, so it is paid once. */
export function challengeRewardKey(challengeId: number, userId: number): string {
  return `challenge:${challengeId}:${userId}`;
}

/** The owner a burned card is left with: no player, and not the market (user 0) either. */
export const BURNED_OWNER_ID = -1;

export const CHALLENGE_MESSAGES = {
  notFound: 'Challenge not found',
  notOpen: 'This challenge is not open',
  alreadyCompleted: 'You have already completed this challenge',
  notOwner: 'You can only submit your own cards',
  cardBusy: 'A card in this squad is listed, at auction, in a lineup or in a trade being accepted',
  duplicateCard: 'A card can be in the squad only once',
} as const;
