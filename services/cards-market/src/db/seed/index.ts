import teams from './teams.json';
import players from './players.json';

/** The 30 teams and 858 players of the 2025 MLS season (see SOURCES.md in this folder). */
export interface SeedTeam {
  id: number;
  name: string;
  shortName: string;
  abbreviation: string;
  city: string;
  conference: string;
  primaryColor: string;
  secondaryColor: string;
}

export interface SeedPlayer {
  name: string;
  teamId: number;
  position: string;
  detailedPosition: string | null;
  rarity: string;
  rank: number;
  age: number | null;
  nationality: string | null;
}

export const SEED_TEAMS: SeedTeam[] = teams;
export const SEED_PLAYERS: SeedPlayer[] = players;

/** Players whose cards can never leave their owners for the shop (docs/design.md#7-decisions-on-the-specs-open-points). */
export const PROTECTED_PLAYER_NAMES = new Set(['Lionel Messi']);
