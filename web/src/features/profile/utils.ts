import type { Card, PlayerTeam, Rarity } from '@touchline/contract';
import { RARITY_ORDER } from '@/lib/cards';

/** Shown in Settings as the support contact. */
export const SUPPORT_EMAIL = 'support@touchline.example';

/** Profile shows this many of the newest cards (docs/spec/game-spec.md#9-business-constants-and-limits). */
export const RECENT_ACQUISITIONS = 4;

/** Cards per rarity, rarest first (every rarity listed). */
export function cardsByRarity(cards: readonly Card[]): { rarity: Rarity; count: number }[] {
  return RARITY_ORDER.map((rarity) => ({
    rarity,
    count: cards.filter((card) => card.player.rarity === rarity).length,
  }));
}

/** Cards per team, most first (ties by name); only teams with cards. */
export function cardsByTeam(cards: readonly Card[]): { team: PlayerTeam; count: number }[] {
  const teams = new Map<number, { team: PlayerTeam; count: number }>();
  for (const card of cards) {
    const entry = teams.get(card.player.team.id);
    if (entry) entry.count += 1;
    else teams.set(card.player.team.id, { team: card.player.team, count: 1 });
  }
  return [...teams.values()].sort((a, b) => b.count - a.count || a.team.name.localeCompare(b.team.name));
}
