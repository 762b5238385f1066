import { isLightColor } from '@/lib/cards';

/** What a team's look needs: its id (the seed's 1…30) and colours. */
export interface TeamLook {
  id: number;
  primaryColor: string;
  secondaryColor: string;
}

export const KIT_PATTERNS = [
  'plain',
  'stripes',
  'hoops',
  'sash',
  'halves',
  'pinstripes',
  'chevron',
  'centre-stripe',
  'yoke',
  'quarters',
] as const;
export type KitPattern = (typeof KIT_PATTERNS)[number];

export const BACKDROPS = [
  'rays',
  'bands',
  'rings',
  'dots',
  'chevrons',
  'pitch',
  'split',
  'grid',
  'floodlights',
  'waves',
] as const;
export type Backdrop = (typeof BACKDROPS)[number];

export interface Kit {
  shirt: string;
  /** The colour of the shirt's pattern, collar and cuffs. */
  trim: string;
  pattern: KitPattern;
  shorts: string;
  socks: string;
}

const FALLBACK_PRIMARY = '#334155';
const FALLBACK_SECONDARY = '#0f172a';
/** Keepers wear a colour of their own: the first of these that does not look like the team's shirt. */
const KEEPER_SHIRTS = ['#a3e635', '#f97316', '#22d3ee', '#facc15', '#e879f9', '#f8fafc'];

const hex = (color: string, fallback: string) =>
  /^#[0-9a-f]{6}$/i.test(color.trim()) ? color.trim() : fallback;

/** Index 0…n-1 of a team: the seed's ids are 1…30; anything else still lands somewhere. */
const slot = (id: number, n: number) => (((Math.trunc(id) - 1) % n) + n) % n;

/**
 * The team's kit: shirt in the primary colour with a pattern in the secondary. The pattern index
 * steps through the ten patterns with the team id, so three teams share a pattern, never colours too.
 */
export function teamKit(team: TeamLook): Kit {
  const primary = hex(team.primaryColor, FALLBACK_PRIMARY);
  const secondary = hex(team.secondaryColor, FALLBACK_SECONDARY);
  const i = slot(team.id, 30);
  // Shorts alternate between the secondary colour, white and the primary, socks between two.
  const shorts = [secondary, '#f8fafc', primary][i % 3]!;
  return {
    shirt: primary,
    trim: secondary,
    pattern: KIT_PATTERNS[i % KIT_PATTERNS.length]!,
    shorts,
    socks: i % 2 === 0 ? primary : secondary,
  };
}

/** The keeper's kit of a team: a bright shirt unlike the outfield one, black shorts. */
export function keeperKit(team: TeamLook): Kit {
  const outfield = teamKit(team);
  const shirt =
    KEEPER_SHIRTS.find((color, index) => index >= slot(team.id, 3) && !similar(color, outfield.shirt)) ??
    KEEPER_SHIRTS[0]!;
  return { shirt, trim: '#0f172a', pattern: 'plain', shorts: '#0f172a', socks: shirt };
}

/** Channels of a #rrggbb colour. */
function rgb(color: string): [number, number, number] {
  const n = Number.parseInt(color.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function similar(a: string, b: string): boolean {
  const [x, y] = [rgb(hex(a, FALLBACK_PRIMARY)), rgb(hex(b, FALLBACK_PRIMARY))];
  return Math.hypot(x[0] - y[0], x[1] - y[1], x[2] - y[2]) < 120;
}

/**
 * The team's backdrop treatment: one of ten, stepping by three with the id so that neighbours in the
 * alphabet look different and no two teams share both pattern and backdrop ((i, 3i + ⌊i/10⌋) mod 10).
 */
export function teamBackdrop(team: TeamLook): Backdrop {
  const i = slot(team.id, 30);
  return BACKDROPS[(i * 3 + Math.floor(i / 10)) % BACKDROPS.length]!;
}

/** The team's angle for bands, rays and splits, so two teams of one treatment still differ. */
export const teamAngle = (team: TeamLook) => 20 + ((slot(team.id, 30) * 37) % 140);

/** White or near-black: what reads on the colour. */
export const inkOn = (color: string) => (isLightColor(color) ? '#0f172a' : '#f8fafc');
