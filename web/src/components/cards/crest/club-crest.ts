import { inkOn } from '../art/club-style';

export const CREST_SHAPES = ['heater', 'roundel', 'french', 'pointed', 'octagon', 'banner'] as const;
export type CrestShape = (typeof CREST_SHAPES)[number];

export const CREST_FIELDS = ['bend', 'pale', 'chevron', 'fess', 'paly'] as const;
export type CrestField = (typeof CREST_FIELDS)[number];

export const CREST_EMBLEMS = ['star', 'ball', 'stars', 'none'] as const;
export type CrestEmblem = (typeof CREST_EMBLEMS)[number];

/** What a crest is drawn from: the club's id (the seed's 1…30), colours and abbreviation. */
export interface CrestClub {
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
 * A club's crest, a pure function of the club. With i = id - 1 = 6a + b, the shape is b and the field
 * (2a + b) mod 5: the 30 clubs get the 30 different pairs of shape and field, before their colours
 * and initials make them more different still.
 */
export function clubCrest(club: CrestClub): Crest {
  const i = (((Math.trunc(club.id) - 1) % 30) + 30) % 30;
  const primary = color(club.primaryColor, '#334155');
  return {
    shape: CREST_SHAPES[i % CREST_SHAPES.length]!,
    field: CREST_FIELDS[(i + Math.floor(i / CREST_SHAPES.length)) % CREST_FIELDS.length]!,
    emblem: CREST_EMBLEMS[(i * 7) % CREST_EMBLEMS.length]!,
    primary,
    secondary: color(club.secondaryColor, '#0f172a'),
    ink: inkOn(primary),
    initials: club.abbreviation || club.name.slice(0, 3).toUpperCase(),
  };
}
