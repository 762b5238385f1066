import { isRarity } from '@/lib/cards';

export interface RarityStyle {
  /** Background of the card frame (the ring around the face). */
  frame: string;
  /** Text colour of the rarity. */
  text: string;
  /** Badge: border, background and text. */
  badge: string;
  /** Coloured shadow around a featured card. */
  glow: string;
  /** Border of a popup or panel in the rarity's colour. */
  border: string;
  /** Background of the card back. */
  back: string;
  /** Bar colour in distributions. */
  bar: string;
}

const STYLES: Record<string, RarityStyle> = {
  Common: {
    frame: 'frame-plain',
    text: 'text-slate-300',
    badge: 'border-slate-400/40 bg-slate-400/15 text-slate-200',
    glow: 'shadow-slate-400/25',
    border: 'border-slate-400/40',
    back: 'from-slate-600 via-slate-800 to-slate-950',
    bar: 'bg-slate-400',
  },
  Rare: {
    frame: 'frame-metal',
    text: 'text-sky-300',
    badge: 'border-sky-400/40 bg-sky-500/15 text-sky-300',
    glow: 'shadow-sky-500/35',
    border: 'border-sky-400/40',
    back: 'from-sky-600 via-blue-800 to-slate-950',
    bar: 'bg-sky-400',
  },
  Epic: {
    frame: 'frame-epic',
    text: 'text-purple-300',
    badge: 'border-purple-400/40 bg-purple-500/15 text-purple-300',
    glow: 'shadow-purple-500/40',
    border: 'border-purple-400/40',
    back: 'from-fuchsia-600 via-purple-800 to-slate-950',
    bar: 'bg-purple-400',
  },
  Legendary: {
    frame: 'frame-gold',
    text: 'text-amber-300',
    badge: 'border-amber-400/50 bg-amber-400/15 text-amber-300',
    glow: 'shadow-amber-400/45',
    border: 'border-amber-400/50',
    back: 'from-amber-500 via-amber-800 to-slate-950',
    bar: 'bg-amber-400',
  },
  'Ultra Legendary': {
    frame: 'holo-frame frame-prism',
    text: 'bg-linear-to-r from-pink-300 via-amber-200 to-cyan-300 bg-clip-text text-transparent',
    badge: 'border-pink-300/50 bg-linear-to-r from-pink-500/20 via-amber-400/20 to-cyan-400/20 text-pink-200',
    glow: 'shadow-pink-400/45',
    border: 'border-pink-300/50',
    back: 'from-pink-600 via-indigo-800 to-slate-950',
    bar: 'bg-linear-to-r from-pink-400 via-amber-300 to-cyan-300',
  },
};

/** Tailwind classes of a rarity; unknown rarities look Common. */
export function rarityStyle(rarity: string): RarityStyle {
  return STYLES[isRarity(rarity) ? rarity : 'Common']!;
}
