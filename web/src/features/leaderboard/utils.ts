/** The podium's labels, by rank. */
export const PLACE_LABELS = ['1st Place', '2nd Place', '3rd Place'] as const;

/** Ranks on the podium; the list starts after them. */
export const PODIUM_SIZE = PLACE_LABELS.length;

/** 'Your Ranking' shows below the board when the user's rank is above this (docs/spec/game-spec.md#9-business-constants-and-limits). */
export const YOUR_RANKING_AFTER = 10;

/** Placeholder rows while the board loads. */
export const PLACEHOLDER_ROWS = 10;

/** A collector's avatar: the first two letters of the name, upper case. */
export function nameInitials(name: string): string {
  return name.trim().slice(0, 2).toUpperCase();
}

export function showsYourRanking(rank: number | null | undefined): rank is number {
  return typeof rank === 'number' && rank > YOUR_RANKING_AFTER;
}
