/** What a page shows of an own card's market state (the contract's Card). */
export interface OwnCardState {
  id: number;
  forSale: boolean;
  listingPrice: number | null;
  auctionId?: number | null;
}

/** A live `cards` change (the contract's LiveCards). */
export interface CardsChange {
  change: 'gained' | 'lost' | 'listed' | 'unlisted';
  cardIds: readonly number[];
  /** 'listed': the listing's price. */
  listingPrice: number;
}

/**
 * Whether a collection a page holds already shows a `cards` change, so that it need not be read
 * again (issue 41: fewer requests per player; the web and bench:crowd share this). The player's own
 * buy, listing and withdrawal put the card from their answer into it before the change arrives; a
 * change made elsewhere (another tab, a trade, a pack, a sale to another player) is not there yet,
 * and the collection is read. A lost card only leaves it, which the page does itself.
 */
export function collectionShows(cards: readonly OwnCardState[] | undefined, change: CardsChange): boolean {
  if (!cards) return false;
  if (change.change === 'lost') return true;
  const byId = new Map(cards.map((card) => [card.id, card]));
  return change.cardIds.every((id) => {
    const card = byId.get(id);
    if (!card) return false;
    if (change.change === 'gained') return true;
    if (change.change === 'listed') return card.forSale && card.listingPrice === change.listingPrice;
    return !card.forSale && !card.auctionId;
  });
}

/**
 * The collection with a card as an own action's answer has it (a buy, a listing, a withdrawal): in
 * its place when there, else first (a collection lists the newest first). The web's cache and
 * bench:crowd's player keep it so.
 */
export function withOwnCard<C extends { id: number }>(cards: readonly C[], card: C): C[] {
  const at = cards.findIndex((kept) => kept.id === card.id);
  return at === -1 ? [card, ...cards] : cards.map((kept, i) => (i === at ? card : kept));
}
