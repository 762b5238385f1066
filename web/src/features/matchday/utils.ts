import type { Card, LineupCard, MatchdayInfo } from '@touchline/contract';

/** The lineup builder's five places: one per position, and one more outfield player. */
export const SLOTS = [
  { id: 'gk', label: 'Goalkeeper', accepts: ['Goalkeeper'] },
  { id: 'def', label: 'Defender', accepts: ['Defender'] },
  { id: 'mid', label: 'Midfielder', accepts: ['Midfielder'] },
  { id: 'fwd', label: 'Forward', accepts: ['Forward'] },
  { id: 'extra', label: 'Outfield player', accepts: ['Defender', 'Midfielder', 'Forward'] },
] as const;

export type SlotId = (typeof SLOTS)[number]['id'];
export type Picks = Record<SlotId, number | null>;

export const EMPTY_PICKS: Picks = { gk: null, def: null, mid: null, fwd: null, extra: null };

/** A fielded lineup's cards in the builder's places (the first of each position in its own place). */
export function picksOf(cards: readonly Pick<LineupCard, 'cardId' | 'position'>[]): Picks {
  const picks: Picks = { ...EMPTY_PICKS };
  for (const card of cards) {
    const own = SLOTS.find(
      (s) => s.id !== 'extra' && (s.accepts as readonly string[]).includes(card.position),
    );
    if (own && picks[own.id] === null) picks[own.id] = card.cardId;
    else picks.extra = card.cardId;
  }
  return picks;
}

/**
 * The cards a place can take: the user's cards of its positions that are not listed for sale, not in
 * another place, and not of a player already picked elsewhere (a player is fielded once).
 */
export function eligibleCards(cards: readonly Card[], slot: SlotId, picks: Picks): Card[] {
  const accepts = SLOTS.find((s) => s.id === slot)!.accepts as readonly string[];
  const elsewhere = (Object.entries(picks) as [SlotId, number | null][])
    .filter(([id, cardId]) => id !== slot && cardId !== null)
    .map(([, cardId]) => cardId);
  const players = new Set(cards.filter((c) => elsewhere.includes(c.id)).map((c) => c.player.id));
  return cards
    .filter((c) => accepts.includes(c.player.position) && !c.forSale)
    .filter((c) => !elsewhere.includes(c.id) && !players.has(c.player.id))
    .sort((a, b) => b.player.currentPrice - a.player.currentPrice || a.id - b.id);
}

/** "2d 3h", "3h 12m", "12m 05s", "45s": what is left until `target`. */
export function countdown(ms: number): string {
  if (ms <= 0) return '0s';
  const s = Math.floor(ms / 1000);
  const d = Math.floor(s / 86_400);
  const h = Math.floor((s % 86_400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  if (d > 0) return `${d}d ${h}h`;
  if (h > 0) return `${h}h ${m}m`;
  if (m > 0) return `${m}m ${String(sec).padStart(2, '0')}s`;
  return `${sec}s`;
}

/** A player's match in a few words: "90' · 1 goal · 1 assist · clean sheet". */
export function resultSummary(result: NonNullable<LineupCard['result']>): string {
  if (result.minutes === 0) return 'Did not play';
  const parts = [`${result.minutes}'`];
  const count = (n: number, one: string, many: string) => {
    if (n > 0) parts.push(`${n} ${n === 1 ? one : many}`);
  };
  count(result.goals, 'goal', 'goals');
  count(result.assists, 'assist', 'assists');
  count(result.saves, 'save', 'saves');
  if (result.cleanSheet) parts.push('clean sheet');
  count(result.yellowCards, 'yellow card', 'yellow cards');
  count(result.redCards, 'red card', 'red cards');
  return parts.join(' · ');
}

/** Points with one decimal at most: 12.5, 12, -3. */
export const formatPoints = (points: number) =>
  Number.isInteger(points) ? String(points) : points.toFixed(1);

/** The phase a player sees of a matchday: its kickoff may have passed before the server says so. */
export function phaseOf(matchday: MatchdayInfo, now: number): 'open' | 'locked' | 'scored' {
  if (matchday.state === 'scored') return 'scored';
  if (matchday.state === 'locked' || Date.parse(matchday.locksAt) <= now) return 'locked';
  return 'open';
}
