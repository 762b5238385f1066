import type { AnswerLog } from './answers';
import type { Player } from './client';
import { config } from './config';
import { type Dice, sleep } from './random';
import { cardsOf, race } from './moves';
import { buyCoins } from './payments';
import { AuctionMoves } from './auctions';
import { ChallengeMoves } from './challenges';
import { LineupMoves } from './lineups';
import { TradeMoves } from './trades';

interface MarketItemView {
  id: number;
  userId: number;
  price: number;
}
interface MissionView {
  id: number;
  progress: number;
  target: number;
  claimed: boolean;
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
  auctionStart: 3,
  auctionBid: 8,
  auctionMisuse: 1,
  challenge: 3,
  lineup: 4,
};
export type ActionKind = keyof typeof WEIGHTS;

export class Scenario {
  private readonly trades: TradeMoves;
  private readonly auctions: AuctionMoves;
  private readonly challenges = new ChallengeMoves();
  private readonly lineups = new LineupMoves();

  constructor(
    private readonly players: Player[],
    private readonly admin: Player,
    private readonly log: AnswerLog,
    private readonly baseUrl: string,
  ) {
    this.trades = new TradeMoves(players);
    this.auctions = new AuctionMoves(players);
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
        if (mode < 3) await race(2, (key) => buy(p, key));
        else if (mode < 5) {
          const rival = dice.pick(this.others(p).filter((o) => o.id !== item.userId))!;
          await Promise.all([buy(p), buy(rival)]);
        } else await buy(p);
        return;
      }
      case 'sell': {
        const card = dice.pick((await cardsOf(p)).filter((c) => !c.forSale && !c.auctionId));
        if (!card) return;
        // Now and then above the 150% bound: a refusal that must change nothing.
        const factor = dice.chance(0.1) ? 2 : 0.8 + dice.int(0, 40) / 100;
        const price = Math.max(1, Math.round(card.player.currentPrice * factor));
        const copies = dice.chance(0.25) ? 2 : 1;
        await race(copies, (key) =>
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
        const card = dice.pick((await cardsOf(p)).filter((c) => c.forSale));
        if (!card) return;
        await race(dice.chance(0.3) ? 2 : 1, (key) =>
          p.call('market.withdraw', 'post', `/api/market/withdraw/${card.id}`, { body: {}, key }),
        );
        return;
      }
      case 'tradeCreate':
        return this.trades.create(p, dice);
      case 'tradeRespond':
        return this.trades.respond(p, dice);
      case 'wish':
        return this.trades.wish(p, dice);
      case 'pack': {
        const packId = dice.pick([1, 1, 1, 2, 3])!;
        await race(dice.chance(0.3) ? 2 : 1, (key) =>
          p.call('pack.purchase', 'post', '/api/packs/purchase', { body: { packId }, key }),
        );
        return;
      }
      case 'promo': {
        const code = dice.pick(PROMO_CODES)!;
        await race(dice.chance(0.4) ? 3 : 1, (key) =>
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
        await race(dice.chance(0.4) ? 2 : 1, (key) =>
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
        await race(dice.chance(0.3) ? 2 : 1, (key) =>
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
        else await race(dice.chance(0.3) ? 2 : 1, (key) => decide(next, key));
        return;
      }
      case 'auctionStart':
        return this.auctions.start(p, dice);
      case 'auctionBid':
        return this.auctions.bid(p, dice);
      case 'auctionMisuse':
        return this.auctions.misuse(p, dice);
      case 'challenge':
        return this.challenges.complete(p, dice);
      case 'lineup':
        return this.lineups.field(p, dice);
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

  /** Before the load: three purchases, so that the player may cash out (docs/design.md#3-money-one-ledger). */
  async becomeCashoutEligible(p: Player, dice: Dice): Promise<void> {
    for (let i = 0; i < 3; i++)
      await buyCoins({ player: p, dice, log: this.log, baseUrl: this.baseUrl, mayDecline: false });
  }
}
