import { inkOn } from '../art/team-style';

export const CREST_SHAPES = ['heater', 'roundel', 'french', 'pointed', 'octagon', 'banner'] as const;
export type CrestShape = (typeof CREST_SHAPES)[number];

export const CREST_FIELDS = ['bend', 'pale', 'chevron', 'fess', 'paly'] as const;
export type CrestField = (typeof CREST_FIELDS)[number];

export const CREST_EMBLEMS = ['star', 'ball', 'stars', 'none'] as const;
export type CrestEmblem = (typeof CREST_EMBLEMS)[number];

/** What a crest is drawn from: the team's id (the seed's 1…30), colours and abbreviation. */
export interface CrestTeam {
  id: number;
  name: string;
  abbreviation: string;
  primaryColor: string;
  secondaryColor: string;
}

export interface Crest {
  shape: CrestShape;
  field: CrestField;
  emblem: CrestEmblem;
  primary: string;
  secondary: string;
  /** The lettering's colour: what reads on the primary. */
  ink: string;
  initials: string;
}

const color = (value: string, fallback: string) =>
  /^#[0-9a-f]{6}$/i.test(value.trim()) ? value.trim() : fallback;

/**
 * A team's crest, a pure function of the team. With i = id - 1 = 6a + b, the shape is b and the field
 * (2a + b) mod 5: the 30 teams get the 30 different pairs of shape and field, before their colours
 * and initials make them more different still.
 */
export function teamCrest(team: CrestTeam): Crest {
  const i = (((Math.trunc(team.id) - 1) % 30) + 30) % 30;
  const primary = color(team.primaryColor, '#334155');
  return {
    shape: CREST_SHAPES[i % CREST_SHAPES.length]!,
    field: CREST_FIELDS[(i + Math.floor(i / CREST_SHAPES.length)) % CREST_FIELDS.length]!,
    emblem: CREST_EMBLEMS[(i * 7) % CREST_EMBLEMS.length]!,
    primary,
    secondary: color(team.secondaryColor, '#0f172a'),
    ink: inkOn(primary),
    initials: team.abbreviation || team.name.slice(0, 3).toUpperCase(),
  };
}
