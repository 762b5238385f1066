/** A player row joined with its team, as the queries return it. */
export interface PlayerRow {
  id: number;
  name: string;
  position: string;
  detailed_position: string | null;
  rarity: string;
  rank: number;
  base_price: number;
  current_price: number;
  max_editions: number;
  minted_editions: number;
  protected: boolean;
  team_id: number;
  team_name: string;
  team_short_name: string;
  team_abbreviation: string;
  team_primary_color: string;
  team_secondary_color: string;
  team_city: string;
  team_conference: string;
}

/** Percent change between two prices, one decimal; 0 when there is no earlier price. */
export function percentChange(current: number, previous: number | null | undefined): number {
  if (!previous) return 0;
  return Math.round(((current - previous) / previous) * 1000) / 10;
}
