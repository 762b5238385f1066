import type { Player } from './client';
import { cardsOf, race } from './moves';
import { type Dice, sleep } from './random';

interface OfferView {
  id: number;
  status: string;
  fromUser: { id: number };
  toUser: { id: number };
  wishId: number | null;
  cards: { id: number }[];
}
interface WishView {
  id: number;
  userId: number;
}

/**
 * What players do with trades: offers (plain and on wishes) and their answers, where accepts are
 * common and race the sender's cancel or the recipient's own decline.
 */
export class TradeMoves {
  constructor(private readonly players: Player[]) {}

  private others(player: Player): Player[] {
    return this.players.filter((p) => p !== player);
  }

  /** An offer to another player; the recipient is online more often than not and answers at once. */
  async create(p: Player, dice: Dice): Promise<void> {
    const card = dice.pick((await cardsOf(p)).filter((c) => !c.forSale && !c.auctionId));
    const target = dice.pick(this.others(p));
    if (!card || !target) return;
    const theirs = dice.chance(0.4)
      ? dice.pick((await cardsOf(target)).filter((c) => !c.forSale && !c.auctionId))
      : undefined;
    // Coins one way only, but now and then both (a refusal that must change nothing).
    const coins = dice.int(0, 19);
    const body = {
      cardId: card.id,
      targetUser: target.username,
      coinOffer: coins < 9 || coins === 19 ? dice.int(1, 3_000) : 0,
      requestedCardIds: theirs ? [theirs.id] : [],
      requestedCoins: coins >= 15 ? dice.int(1, 2_000) : 0,
    };
    const made = TradeMoves.created(
      await race(dice.chance(0.25) ? 2 : 1, (key) =>
        p.call('trade.create', 'post', '/api/trades/create', { body, key }),
      ),
    );
    // The recipient is online more often than not and answers at once.
    if (made && dice.chance(0.6))
      await this.answer(target, { id: made, senderId: p.id, forWish: false }, dice);
  }

  /** Answers an offer received, or now and then cancels one of one's own. */
  async respond(p: Player, dice: Dice): Promise<void> {
    const offers = await this.incoming(p);
    const pending = offers.filter((o) => o.status === 'pending');
    // Offers made for one's wishes first, most of the time: their accepts are a path of their own.
    const forWishes = pending.filter((o) => o.wishId !== null);
    const offer = dice.pick(forWishes.length > 0 && dice.chance(0.6) ? forWishes : pending);
    const settled = dice.pick(offers.filter((o) => o.status !== 'pending'));
    if (settled && dice.chance(0.1)) {
      // An answer to an offer that already ended: a refusal that must change nothing.
      await p.call('trade.decline', 'post', `/api/trades/${settled.id}/decline`, { body: {} });
      return;
    }
    if (!offer) {
      // Nothing to answer: now and then cancel one of one's own offers instead.
      if (!dice.chance(0.25)) return;
      const out = await p.call<OfferView[]>('read.outgoing', 'get', '/api/trades/outgoing', {
        key: false,
      });
      const mine = dice.pick(Array.isArray(out.body) ? out.body.filter((o) => o.status === 'pending') : []);
      if (mine) await p.call('trade.cancel', 'delete', `/api/trades/${mine.id}`);
      return;
    }
    // Now and then a counter instead of an answer (issue 45): it races the sender's cancel, and the
    // sender answers the counter like any offer.
    if (offer.wishId === null && dice.chance(0.2)) return this.counter(p, offer, dice);
    await this.answer(p, { id: offer.id, senderId: offer.fromUser.id, forWish: offer.wishId !== null }, dice);
  }

  /**
   * A counter to an incoming offer: the offered cards asked for again, with coins offered for them
   * (or asked, now and then). Half race the sender's cancel (one of the two may win). A counter that
   * went through is answered by the original sender at once, most of the time.
   */
  private async counter(p: Player, offer: OfferView, dice: Dice): Promise<void> {
    const sender = this.players.find((x) => x.id === offer.fromUser.id);
    const body = {
      requestedCardIds: offer.cards.map((c) => c.id),
      coinOffer: dice.chance(0.7) ? dice.int(1, 1_500) : 0,
      requestedCoins: dice.chance(0.2) ? dice.int(1, 500) : 0,
    };
    const counter = (key: string) =>
      p.call('trade.counter', 'post', `/api/trades/${offer.id}/counter`, { body, key });
    const copies = dice.chance(0.25) ? 2 : 1;
    const raced = sender && dice.chance(0.5);
    const [results] = await Promise.all([
      race(copies, counter),
      raced
        ? sleep(dice.int(0, 300)).then(() =>
            sender.call('trade.cancel', 'delete', `/api/trades/${offer.id}`, { note: 'race:counter' }),
          )
        : undefined,
    ]);
    const made = TradeMoves.created(results);
    if (made && sender && dice.chance(0.7))
      await this.answer(sender, { id: made, senderId: p.id, forWish: false }, dice);
  }

  /** Posts a wish, or makes an offer on someone else's, which its owner mostly answers at once. */
  async wish(p: Player, dice: Dice): Promise<void> {
    if (dice.chance(0.5)) {
      const card = dice.pick((await cardsOf(p)).filter((c) => !c.forSale && !c.auctionId));
      if (!card) return;
      await p.call('wish.create', 'post', '/api/tradewishes', {
        body: { cardId: card.id, minimumCoins: dice.int(1, 2_000) },
      });
      return;
    }
    const res = await p.call<WishView[]>('read.wishes', 'get', '/api/tradewishes', { key: false });
    const wish = dice.pick(Array.isArray(res.body) ? res.body.filter((w) => w.userId !== p.id) : []);
    if (!wish) return;
    const card = dice.chance(0.5) ? dice.pick((await cardsOf(p)).filter((c) => !c.forSale)) : undefined;
    const body = card
      ? { wishId: wish.id, offerType: 'card', cardId: card.id }
      : { wishId: wish.id, offerType: 'coins', coinAmount: dice.int(1, 3_000) };
    const made = TradeMoves.created([
      await p.call('trade.offerForWish', 'post', '/api/trades/offer-for-wish', { body }),
    ]);
    const owner = this.players.find((x) => x.id === wish.userId);
    // The wish's owner, who asked for such offers, mostly answers at once.
    if (made && owner && dice.chance(0.7))
      await this.answer(owner, { id: made, senderId: p.id, forWish: true }, dice);
  }

  /**
   * The recipient answers an offer: mostly an accept, half of those racing the sender's cancel or the
   * recipient's own decline (a second tab), of which exactly one may win.
   */
  private async answer(
    p: Player,
    offer: { id: number; senderId: number; forWish: boolean },
    dice: Dice,
  ): Promise<void> {
    const sender = this.players.find((x) => x.id === offer.senderId);
    const wish = offer.forWish ? 'wish' : undefined;
    const accept = (note?: string) => (key: string) =>
      p.call('trade.accept', 'post', `/api/trades/${offer.id}/accept`, {
        body: {},
        key,
        note: [wish, note].filter(Boolean).join(' ') || undefined,
      });
    const decline = (note?: string) => (key: string) =>
      p.call('trade.decline', 'post', `/api/trades/${offer.id}/decline`, { body: {}, key, note });
    const copies = dice.chance(0.25) ? 2 : 1;
    const mode = dice.int(0, 9);
    // The rival starts a little later: an accept runs a saga and would otherwise always lose.
    const later = () => sleep(dice.int(0, 400));
    if (mode < 5) await race(copies, accept());
    else if (mode < 7 && sender)
      await Promise.all([
        race(copies, accept('race:cancel')),
        later().then(() =>
          sender.call('trade.cancel', 'delete', `/api/trades/${offer.id}`, { note: 'race:cancel' }),
        ),
      ]);
    else if (mode < 9)
      await Promise.all([
        race(copies, accept('race:decline')),
        later().then(() => race(1, decline('race:decline'))),
      ]);
    else await race(copies, decline());
  }

  /** The id of the offer a create call made, if one of the raced copies answered 201. */
  private static created(results: unknown): number | undefined {
    const answers = results as { status: number; body: { id?: number } }[];
    return answers.find((r) => r.status === 201 && typeof r.body?.id === 'number')?.body.id;
  }

  /** The offers a player received; asked up to three times, since trading restarts often here. */
  private async incoming(player: Player): Promise<OfferView[]> {
    for (let i = 0; i < 3; i++) {
      const res = await player.call<OfferView[]>('read.incoming', 'get', '/api/trades/incoming', {
        key: false,
      });
      if (res.status === 200 && Array.isArray(res.body)) return res.body;
      await sleep(500);
    }
    return [];
  }
}
