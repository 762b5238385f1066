import { isRarity } from '@/lib/cards';

/** How a card's surface is finished, by rarity. */
export interface RarityFinish {
  /** Common 'plain', Rare 'metal', Epic 'foil', Legendary 'gold', Ultra Legendary 'prism'. */
  name: 'plain' | 'metal' | 'foil' | 'gold' | 'prism';
  /** A foil layer over the face that moves with the pointer, a tilt and the page's scroll. */
  foil: boolean;
  /** An animated shine sweeping the face now and then. */
  shine: boolean;
  /** Class of the frame around the face (index.css). */
  frame: string;
}

const FINISHES = {
  Common: { name: 'plain', foil: false, shine: false, frame: 'frame-plain' },
  Rare: { name: 'metal', foil: false, shine: false, frame: 'frame-metal' },
  Epic: { name: 'foil', foil: true, shine: false, frame: 'frame-epic' },
  Legendary: { name: 'gold', foil: true, shine: true, frame: 'frame-gold' },
  'Ultra Legendary': { name: 'prism', foil: true, shine: true, frame: 'holo-frame frame-prism' },
} as const satisfies Record<string, RarityFinish>;

/** The finish of a rarity; unknown rarities are plain. */
export function rarityFinish(rarity: string): RarityFinish {
  return FINISHES[isRarity(rarity) ? rarity : 'Common'];
}
