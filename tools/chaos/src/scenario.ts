import { randomUUID } from 'node:crypto';
import type { AnswerLog } from './answers';
import type { Player } from './client';
import { config } from './config';
import { type Dice, sleep } from './random';
import { buyCoins } from './payments';

interface CardView {
  id: number;
  forSale: boolean;
  userId: number;
  player: { currentPrice: number };
}
interface MarketItemView {
  id: number;
  userId: number;
  price: number;
}
interface OfferView {
  id: number;
  status: string;
  fromUser: { id: number };
  toUser: { id: number };
  wishId: number | null;
}
interface MissionView {
  id: number;
  progress: number;
  target: number;
  claimed: boolean;
}
interface WishView {
  id: number;
  userId: number;
}
interface CashoutView {
  id: number;
  status: string;
}

const PROMO_CODES = ['WELCOME2026', 'RAREPACK', 'LEGEND', 'KICKOFF', 'EXPIRED2025', 'NOSUCHCODE'];
const MIN_CASHOUT_COINS = 12_920;

/** What a mix of players does for the run's duration: the weights are how often each kind is picked. */
const WEIGHTS = {
  marketBuy: 12,
  sell: 8,
  withdraw: 3,
  tradeCreate: 12,
  tradeRespond: 18,
  wish: 6,
  pack: 5,
  promo: 3,
  coinPurchase: 4,
  missionClaim: 4,
  cashout: 2,
  adminDecide: 3,
  reads: 3,
  signIn: 2,
};
export type ActionKind = keyof typeof WEIGHTS;

export class Scenario {
  constructor(
    private readonly players: Player[],
    private readonly admin: Player,
    private readonly log: AnswerLog,
    private readonly baseUrl: string,
  ) {}

  /** Runs `count` copies of the call at once with one Idempotency-Key: the same operation raced. */
  private race(count: number, call: (key: string) => Promise<unknown>): Promise<unknown> {
    const key = randomUUID();
    return Promise.all(Array.from({ length: count }, () => call(key)));
  }

  async drive(player: Player, dice: Dice, until: number): Promise<void> {
    while (Date.now() < until) {
      const kind = dice.weighted(WEIGHTS);
      try {
        await this.act(kind, player, dice);
      } catch (error) {
        if (config.verbose) console.log(`  ${kind}: ${(error as Error).message}`);
      }
      await sleep(dice.int(0, 50));
    }
  }

  private others(player: Player): Player[] {
    return this.players.filter((p) => p !== player);
  }

  private async myCards(player: Player): Promise<CardView[]> {
    const res = await player.call<CardView[]>('read.cards', 'get', '/api/user/cards', { key: false });
    return res.status === 200 && Array.isArray(res.body) ? res.body : [];
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
    if (mode < 5) await this.race(copies, accept());
    else if (mode < 7 && sender)
      await Promise.all([
        this.race(copies, accept('race:cancel')),
        later().then(() =>
          sender.call('trade.cancel', 'delete', `/api/trades/${offer.id}`, { note: 'race:cancel' }),
        ),
      ]);
    else if (mode < 9)
      await Promise.all([
        this.race(copies, accept('race:decline')),
        later().then(() => this.race(1, decline('race:decline'))),
      ]);
    else await this.race(copies, decline());
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

  private async act(kind: ActionKind, p: Player, dice: Dice): Promise<void> {
    switch (kind) {
      case 'marketBuy': {
        const res = await p.call<MarketItemView[]>('read.market', 'get', '/api/market?sort=price_asc', {
          key: false,
        });
        const items = Array.isArray(res.body) ? res.body.filter((i) => i.userId !== p.id) : [];
        const item = dice.pick(items.slice(0, 40));
        if (!item) return;
        const body = dice.chance(0.9) ? { expectedPrice: item.price } : { expectedPrice: item.price + 1 };
        // The same buy sent twice at once (a double tap), or two buyers racing for one card.
        const mode = dice.int(0, 9);
        const buy = (who: Player, key?: string) =>
          who.call('market.buy', 'post', `/api/market/buy/${item.id}`, { body, key });
        if (mode < 3) await this.race(2, (key) => buy(p, key));
        else if (mode < 5) {
          const rival = dice.pick(this.others(p).filter((o) => o.id !== item.userId))!;
          await Promise.all([buy(p), buy(rival)]);
        } else await buy(p);
        return;
      }
      case 'sell': {
        const card = dice.pick((await this.myCards(p)).filter((c) => !c.forSale));
        if (!card) return;
        // Now and then above the 150% bound: a refusal that must change nothing.
        const factor = dice.chance(0.1) ? 2 : 0.8 + dice.int(0, 40) / 100;
        const price = Math.max(1, Math.round(card.player.currentPrice * factor));
        const copies = dice.chance(0.25) ? 2 : 1;
        await this.race(copies, (key) =>
          p.call('market.sell', 'post', `/api/market/sell/${card.id}`, { body: { price }, key }),
        );
        return;
      }
      case 'withdraw': {
        if (dice.chance(0.15)) {
          // Someone else's listed card: a refusal that must leave the listing as it was.
          const res = await p.call<MarketItemView[]>('read.market', 'get', '/api/market?sort=price_asc', {
            key: false,
          });
          const theirs = dice.pick(
            Array.isArray(res.body) ? res.body.filter((i) => i.userId > 0 && i.userId !== p.id) : [],
          );
          if (theirs)
            await p.call('market.withdraw', 'post', `/api/market/withdraw/${theirs.id}`, { body: {} });
          return;
        }
        const card = dice.pick((await this.myCards(p)).filter((c) => c.forSale));
        if (!card) return;
        await this.race(dice.chance(0.3) ? 2 : 1, (key) =>
          p.call('market.withdraw', 'post', `/api/market/withdraw/${card.id}`, { body: {}, key }),
        );
        return;
      }
      case 'tradeCreate': {
        const card = dice.pick((await this.myCards(p)).filter((c) => !c.forSale));
        const target = dice.pick(this.others(p));
        if (!card || !target) return;
        const theirs = dice.chance(0.4)
          ? dice.pick((await this.myCards(target)).filter((c) => !c.forSale))
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
        const made = Scenario.created(
          await this.race(dice.chance(0.25) ? 2 : 1, (key) =>
            p.call('trade.create', 'post', '/api/trades/create', { body, key }),
          ),
        );
        // The recipient is online more often than not and answers at once.
        if (made && dice.chance(0.6))
          await this.answer(target, { id: made, senderId: p.id, forWish: false }, dice);
        return;
      }
      case 'tradeRespond': {
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
          const mine = dice.pick(
            Array.isArray(out.body) ? out.body.filter((o) => o.status === 'pending') : [],
          );
          if (mine) await p.call('trade.cancel', 'delete', `/api/trades/${mine.id}`);
          return;
        }
        await this.answer(
          p,
          { id: offer.id, senderId: offer.fromUser.id, forWish: offer.wishId !== null },
          dice,
        );
        return;
      }
      case 'wish': {
        if (dice.chance(0.5)) {
          const card = dice.pick((await this.myCards(p)).filter((c) => !c.forSale));
          if (!card) return;
          await p.call('wish.create', 'post', '/api/tradewishes', {
            body: { cardId: card.id, minimumCoins: dice.int(1, 2_000) },
          });
          return;
        }
        const res = await p.call<WishView[]>('read.wishes', 'get', '/api/tradewishes', { key: false });
        const wish = dice.pick(Array.isArray(res.body) ? res.body.filter((w) => w.userId !== p.id) : []);
        if (!wish) return;
        const card = dice.chance(0.5)
          ? dice.pick((await this.myCards(p)).filter((c) => !c.forSale))
          : undefined;
        const body = card
          ? { wishId: wish.id, offerType: 'card', cardId: card.id }
          : { wishId: wish.id, offerType: 'coins', coinAmount: dice.int(1, 3_000) };
        const made = Scenario.created([
          await p.call('trade.offerForWish', 'post', '/api/trades/offer-for-wish', { body }),
        ]);
        const owner = this.players.find((x) => x.id === wish.userId);
        // The wish's owner, who asked for such offers, mostly answers at once.
        if (made && owner && dice.chance(0.7))
          await this.answer(owner, { id: made, senderId: p.id, forWish: true }, dice);
        return;
      }
      case 'pack': {
        const packId = dice.pick([1, 1, 1, 2, 3])!;
        await this.race(dice.chance(0.3) ? 2 : 1, (key) =>
          p.call('pack.purchase', 'post', '/api/packs/purchase', { body: { packId }, key }),
        );
        return;
      }
      case 'promo': {
        const code = dice.pick(PROMO_CODES)!;
        await this.race(dice.chance(0.4) ? 3 : 1, (key) =>
          p.call('promo.redeem', 'post', '/api/promo/redeem', { body: { code }, key }),
        );
        return;
      }
      case 'coinPurchase':
        return buyCoins({ player: p, dice, log: this.log, baseUrl: this.baseUrl, mayDecline: true });
      case 'missionClaim': {
        const res = await p.call<{ daily: MissionView[]; weekly: MissionView[] }>(
          'read.missions',
          'get',
          '/api/missions',
          {
            key: false,
          },
        );
        const all = res.status === 200 ? [...res.body.daily, ...res.body.weekly] : [];
        // Mostly claimable ones, sometimes one that is not (a 4xx that must change nothing).
        const ready = all.filter((m) => !m.claimed && m.progress >= m.target);
        const mission = dice.chance(0.85) ? dice.pick(ready) : dice.pick(all);
        if (!mission) return;
        await this.race(dice.chance(0.4) ? 2 : 1, (key) =>
          p.call('mission.claim', 'post', `/api/missions/${mission.id}/claim`, { body: {}, key }),
        );
        return;
      }
      case 'cashout': {
        const e = await p.call<{ eligible: boolean; coins: number }>(
          'read.eligibility',
          'get',
          '/api/cashout/eligibility',
          {
            key: false,
          },
        );
        if (e.status !== 200) return;
        // Ineligible players ask too, now and then: the refusal must change nothing.
        if (!e.body.eligible && !dice.chance(0.2)) return;
        const coinsAmount = dice.chance(0.8) ? MIN_CASHOUT_COINS + dice.int(0, 2_000) : 100;
        await this.race(dice.chance(0.3) ? 2 : 1, (key) =>
          p.call('cashout.request', 'post', '/api/cashout/request', {
            body: { coinsAmount, paypalEmail: p.email },
            key,
          }),
        );
        return;
      }
      case 'adminDecide': {
        const res = await this.admin.call<CashoutView[]>(
          'read.adminCashouts',
          'get',
          '/api/admin/cashout/requests',
          {
            key: false,
          },
        );
        const open = Array.isArray(res.body)
          ? res.body.filter((r) => r.status === 'pending' || r.status === 'processing')
          : [];
        const request = dice.pick(open);
        if (!request) return;
        const next =
          request.status === 'pending'
            ? dice.pick(['processing', 'processing', 'rejected'])!
            : dice.pick(['completed', 'completed', 'rejected'])!;
        const decide = (status: string, key?: string) =>
          this.admin.call('admin.cashoutStatus', 'post', `/api/admin/cashout/${request.id}/status`, {
            body: { status },
            key,
          });
        // Two admins' clicks at once: another decision, or the same one retried with its key.
        if (dice.chance(0.3))
          await Promise.all([decide(next), decide(request.status === 'pending' ? 'rejected' : 'completed')]);
        else await this.race(dice.chance(0.3) ? 2 : 1, (key) => decide(next, key));
        return;
      }
      case 'signIn':
        // Signing in again (another device): what the daily sign-in mission counts.
        await p.login();
        return;
      case 'reads':
        await p.call('read.user', 'get', '/api/user', { key: false });
        await p.call('read.leaderboard', 'get', '/api/leaderboard', { key: false });
        await p.call('read.notifications', 'get', '/api/notifications', { key: false });
        return;
    }
  }

  /** Before the load: three purchases, so that the player may cash out (design.md section 3). */
  async becomeCashoutEligible(p: Player, dice: Dice): Promise<void> {
    for (let i = 0; i < 3; i++)
      await buyCoins({ player: p, dice, log: this.log, baseUrl: this.baseUrl, mayDecline: false });
  }
}
