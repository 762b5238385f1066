import path from 'node:path';

const CARD_ART = 'card-art';

/** Whether an emitted chunk file is the card art's (`card-art-<hash>.js`): what bench:web measures. */
export const isCardArtChunk = (fileName: string) => path.basename(fileName).startsWith(`${CARD_ART}-`);

/**
 * The code-splitting group that puts the drawn card art in one chunk of its own: the figures, poses
 * and backdrops (components/cards/art), the crests (crest/), the rarity finishes (finish/) and
 * lib/cards.ts they share with the card face. Every screen that shows a card or a crest fetches this
 * one file (a returning player's home preloads it with its first-screen chunk), and bench:web
 * reports its size as the art a 30-card screen transfers: no picture is fetched per card. lib/cards
 * comes along so that the chunk imports only from the entry, never from the first-screen chunk that
 * imports it (no chunk cycle). Listed before firstScreenGroup: the first group to match a module wins.
 */
export function cardArtGroup(root: string) {
  const cards = path.join(root, 'src', 'components', 'cards');
  const members = [path.join(cards, 'art'), path.join(cards, 'crest'), path.join(cards, 'finish')];
  const shared = path.join(root, 'src', 'lib', 'cards.ts');
  return {
    debugName: CARD_ART,
    name: (moduleId: string): string | null =>
      moduleId === shared || members.some((folder) => moduleId.startsWith(folder + path.sep))
        ? CARD_ART
        : null,
    includeDependenciesRecursively: false,
  };
}
