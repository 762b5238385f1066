/** A player row joined with its club, as the queries return it. */
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
  club_id: number;
  club_name: string;
  club_short_name: string;
  club_abbreviation: string;
  club_primary_color: string;
  club_secondary_color: string;
  club_city: string;
  club_conference: string;
}

/** Percent change between two prices, one decimal; 0 when there is no earlier price. */
export function percentChange(current: number, previous: number | null | undefined): number {
  if (!previous) return 0;
  return Math.round(((current - previous) / previous) * 1000) / 10;
}
