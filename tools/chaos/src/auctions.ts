import type { Player } from './client';
import { cardsOf, race } from './moves';
import type { Dice } from './random';

interface AuctionView {
  id: number;
  sellerId: number;
  startPrice: number;
  buyNowPrice: number | null;
  currentBid: number | null;
  minNextBid: number | null;
}

/**
 * What players do with auctions (issue 45): put a card up (now and then a listed or auctioned card,
 * a refusal that must change nothing), bid on others' auctions (two bidders at once on one step, a
 * double tap with one key, a buy-now against a bid), and try to sell or trade a card at auction.
 */
export class AuctionMoves {
  constructor(private readonly players: Player[]) {}

  private others(player: Player): Player[] {
    return this.players.filter((p) => p !== player);
  }

  async start(p: Player, dice: Dice): Promise<void> {
    const cards = await cardsOf(p);
    // Mostly a free card; now and then one listed or at auction already (refused: 409).
    const card = dice.chance(0.85)
      ? dice.pick(cards.filter((c) => !c.forSale && !c.auctionId))
      : dice.pick(cards.filter((c) => c.forSale || c.auctionId));
    if (!card) return;
    const startPrice = Math.max(1, Math.round(card.player.currentPrice * (0.6 + dice.int(0, 80) / 100)));
    const body = {
      cardId: card.id,
      startPrice,
      buyNowPrice: dice.chance(0.4) ? startPrice * 2 : null,
      duration: '1h',
    };
    await race(dice.chance(0.2) ? 2 : 1, (key) =>
      p.call('auction.start', 'post', '/api/auctions', { body, key }),
    );
  }

  async bid(p: Player, dice: Dice): Promise<void> {
    const res = await p.call<{ items: AuctionView[] }>('read.auctions', 'get', '/api/auctions?limit=50', {
      key: false,
    });
    const open = res.status === 200 ? res.body.items : [];
    // Now and then one's own auction: refused (422), nothing held.
    const auction = dice.chance(0.9)
      ? dice.pick(open.filter((a) => a.sellerId !== p.id))
      : dice.pick(open.filter((a) => a.sellerId === p.id));
    if (!auction || auction.minNextBid === null) return;
    const canBuyNow = auction.buyNowPrice !== null && (auction.currentBid ?? 0) < auction.buyNowPrice;
    const amount = auction.minNextBid + (dice.chance(0.5) ? dice.int(0, auction.minNextBid) : 0);
    const bid = (who: Player, value: number, key?: string) =>
      who.call('auction.bid', 'post', `/api/auctions/${auction.id}/bids`, { body: { amount: value }, key });
    const buyNow = (who: Player, key?: string) =>
      who.call('auction.buyNow', 'post', `/api/auctions/${auction.id}/buy-now`, {
        body: { expectedPrice: auction.buyNowPrice },
        key,
      });
    const rival = dice.pick(this.others(p).filter((o) => o.id !== auction.sellerId));
    const mode = dice.int(0, 9);
    if (canBuyNow && mode === 0) await buyNow(p);
    else if (canBuyNow && mode === 1 && rival) await Promise.all([buyNow(p), bid(rival, auction.minNextBid)]);
    else if (mode < 5 && rival) await Promise.all([bid(p, amount), bid(rival, amount)]);
    else await race(dice.chance(0.3) ? 2 : 1, (key) => bid(p, amount, key));
  }

  /** A card at auction offered for sale or in a trade: both refused, nothing changes. */
  async misuse(p: Player, dice: Dice): Promise<void> {
    const card = dice.pick((await cardsOf(p)).filter((c) => c.auctionId));
    const target = dice.pick(this.others(p));
    if (!card || !target) return;
    if (dice.chance(0.5))
      await p.call('market.sell', 'post', `/api/market/sell/${card.id}`, {
        body: { price: card.player.currentPrice },
      });
    else
      await p.call('trade.create', 'post', '/api/trades/create', {
        body: { cardId: card.id, targetUser: target.username },
      });
  }
}
