import {
  PAGES,
  INVALIDATES,
  MARKET_PAGE_SIZE,
  POSITIONS,
  SHELL,
  marketPagePath,
  type Page,
  type Query,
} from './pages';
import {
  BOARD_REFRESH_MS,
  cardFit,
  checkSquad,
  collectionShows,
  completedShowsClaim,
  missionListsAfter,
  OFFER_LIST_LIMIT,
  type CardsChange,
  type ChallengeRequirements,
  type ListedMission,
  type MissionLists,
  type MissionsChange,
  type Rarity,
  withClaimedMission,
  withMission,
  withOwnCard,
} from '@touchline/rules';
import type { Session } from './session';
import type { LiveStream, OfferChange, StreamSignal } from './stream';
import { thinkTimeMs, type ThinkTime } from './think';

interface MarketItem {
  id: number;
  userId: number;
  price: number;
  playerId: number;
}
interface OwnCard {
  id: number;
  forSale: boolean;
  listingPrice: number | null;
  auctionId?: number | null;
  player: { id: number; currentPrice: number; position: string; rarity: string; teamId: number };
}
/** What the challenges list says of one (libs/contract's Challenge, the fields a squad needs). */
interface OpenChallenge {
  id: number;
  state: string;
  cardCount: number;
  teamId: number | null;
  position: string | null;
  minRarity: Rarity | null;
  minTotalValue: number | null;
  submission: unknown;
}
interface Offer {
  id: number;
  status: string;
}
interface Mission extends ListedMission {
  target: number;
}

/** How often a player picks each move (relative weights): mostly browsing, a third of moves change something. */
export const MOVES = {
  home: 10,
  market: 14,
  stockMarket: 8,
  collection: 7,
  catalog: 5,
  rosters: 5,
  leaderboard: 5,
  notifications: 3,
  buy: 10,
  sell: 6,
  withdraw: 2,
  offer: 4,
  answerOffers: 5,
  wish: 3,
  claimMissions: 4,
  buyCoins: 2,
  lineup: 2,
  challenge: 1,
  buyPack: 4,
} as const;
export type Move = keyof typeof MOVES;
/** The queries whose answers a move needs (the rest are drained unread). */
const KEPT = new Set([
  'userCards',
  'incoming',
  'outgoing',
  'wishes',
  'missions',
  'missionsCompleted',
  'teamCounts',
  'matchday',
  'challenges',
  'starterPack',
]);

/** A lineup's places (libs/rules' lineupShapeError): one of each, then one more outfield player. */
const LINEUP_PLACES = ['Goalkeeper', 'Defender', 'Midfielder', 'Forward', 'outfield'] as const;

/** What the web invalidates on each live event (web/src/lib/live): the market's lists are handled apart. */
const LIVE_INVALIDATES: Record<Exclude<StreamSignal, 'market-listed'>, readonly string[]> = {
  wishes: ['wishes'],
  badges: ['badges'],
};

/** Share of moves that start with a fresh load of the app (a new tab, a reload): every query asked again. */
export const RELOAD_SHARE = 0.1;

/** What players share: who is online (trade partners) and the market as one of them last read it. */
export class World {
  readonly players: CrowdPlayer[] = [];
  market: MarketItem[] = [];
  private marketReadAt = 0;

  /** Whether this market answer should be decoded: one every 2 s across the crowd (the driver's CPU). */
  wantsMarket(): boolean {
    if (Date.now() - this.marketReadAt <= 2_000) return false;
    this.marketReadAt = Date.now();
    return true;
  }

  takeMarket(items: readonly (Omit<MarketItem, 'playerId'> & { player: { id: number } })[]): void {
    this.market = items
      .slice(0, 200)
      .map(({ id, userId, price, player }) => ({ id, userId, price, playerId: player.id }));
  }
}

type ListedItem = Omit<MarketItem, 'playerId'> & { player: { id: number } };

/** A page of the market (or the whole array of an unpaged answer); null for anything else. */
function marketPageOf(text: string): { items: ListedItem[]; nextCursor: string | null } | null {
  try {
    const body = JSON.parse(text) as unknown;
    if (Array.isArray(body)) return { items: body as ListedItem[], nextCursor: null };
    const page = body as { items?: unknown; nextCursor?: unknown };
    if (!Array.isArray(page.items)) return null;
    return {
      items: page.items as ListedItem[],
      nextCursor: typeof page.nextCursor === 'string' ? page.nextCursor : null,
    };
  } catch {
    return null;
  }
}

/** Pages of the market's list a player scrolls through beyond the first, at most (0 to this, evenly). */
export const MAX_SCROLLED_PAGES = 3;

/** A body as JSON, or the fallback for one that is not (never throws: refetches run unawaited). */
function parseOr<T>(text: string, fallback: T): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return fallback;
  }
}

const pick = <T>(list: readonly T[], random: () => number): T | undefined =>
  list.length === 0 ? undefined : list[Math.floor(random() * list.length)];

function weighted<K extends string>(weights: Record<K, number>, random: () => number): K {
  const entries = Object.entries(weights) as [K, number][];
  let roll = random() * entries.reduce((s, [, w]) => s + w, 0);
  for (const [k, w] of entries) if ((roll -= w) < 0) return k;
  return entries[entries.length - 1]![0];
}

/**
 * A simulated player: a session, a live stream, the query cache of its tab, and the moves of
 * MOVES separated by a think time. Each move shows the screen it happens on first (asking what that
 * screen asks and the cache lacks), then acts.
 */
export class CrowdPlayer {
  stream?: LiveStream;
  private readonly cached = new Set<string>();
  private page: Page | undefined;
  /** The decoded answers of the queries in KEPT, as the screen shows them (from the cache or fresh). */
  private readonly data = new Map<string, unknown>();
  private refetching = false;
  /** The board's read after a leaderboard change, pending (onBoard). */
  private boardRefresh: NodeJS.Timeout | undefined;
  /** The market list's pages loaded beyond the first (an infinite query refetches them all, in order). */
  private marketPages = 0;
  /** The cursor after the market list's last loaded page; null at its end. */
  private marketCursor: string | null = null;

  constructor(
    readonly session: Session,
    private readonly world: World,
    readonly random: () => number,
  ) {}

  /**
   * The leaderboard's change as web/src/lib/live/leaderboard.ts takes it: the user's totals and
   * rank follow from its moves without a request, except after a cut list (a price tick); the
   * board, when on show, reads itself again once within BOARD_REFRESH_MS.
   */
  onBoard = (cut: boolean): void => {
    if (cut) this.invalidate(['user']);
    this.cached.delete('leaderboard');
    if (this.boardRefresh) return;
    this.boardRefresh = setTimeout(() => {
      this.boardRefresh = undefined;
      if (this.page === 'leaderboard') void this.ask(PAGES.leaderboard[0]!);
    }, BOARD_REFRESH_MS);
    this.boardRefresh.unref();
  };

  /**
   * An offer's change as web/src/lib/live/offers.ts takes it: a new offer reads the user's side's
   * list again unless it shows it already; an ended one leaves it without a request, unless the
   * list was full; an accept also reads the history and the wishes.
   */
  onOffer = ({ change, role, offerId }: OfferChange): void => {
    const list = role === 'sender' ? 'outgoing' : 'incoming';
    const shown = this.data.get(list);
    const reread =
      change === 'made'
        ? !(Array.isArray(shown) && (shown as Offer[]).some((offer) => offer.id === offerId))
        : this.withoutOffer(list, offerId) === 'was full';
    if (reread) this.invalidate([list]);
    if (change === 'accepted') this.invalidate(['tradeHistory', 'wishes']);
  };

  /**
   * A `cards` change as web/src/lib/live/cards.ts takes it: a lost card leaves the kept collection,
   * which is read again only when it does not show the change (collectionShows: the player's own
   * buy, listing or withdrawal put the answer's card in it); a card gained or lost reads the catalog.
   */
  onCards = (change: CardsChange): void => {
    const kept = this.cached.has('userCards');
    if (change.change === 'lost' && kept) {
      const lost = new Set(change.cardIds);
      this.data.set(
        'userCards',
        this.cards.filter((card) => !lost.has(card.id)),
      );
    }
    const keys = collectionShows(kept ? this.cards : undefined, change) ? [] : ['userCards'];
    if (change.change === 'gained' || change.change === 'lost') keys.push('catalog');
    this.invalidate(keys);
  };

  /**
   * A `missions` change as web/src/lib/live/missions.ts takes it: kept lists take the moved missions
   * (missionListsAfter) and are read again only when they cannot show the change; a claim also reads
   * the Completed tab unless the player's own claim answer put it there (completedShowsClaim).
   */
  onMissions = (change: MissionsChange): void => {
    const after = missionListsAfter(
      this.cached.has('missions') ? (this.data.get('missions') as MissionLists<Mission>) : undefined,
      change,
    );
    const keys = after ? [] : ['missions'];
    if (after) this.data.set('missions', after);
    if (change.change === 'claimed') {
      const completed = this.cached.has('missionsCompleted')
        ? (this.data.get('missionsCompleted') as Mission[])
        : undefined;
      if (!completedShowsClaim(completed, after, change.missionId)) keys.push('missionsCompleted');
    }
    this.invalidate(keys);
  };

  /** An own action's answer's card in the kept collection (the web's putOwnCard). */
  private putOwnCard(answer: { status: number; text: string }): void {
    if (answer.status !== 200) return;
    const card = (parseOr(answer.text, {}) as { card?: OwnCard }).card;
    if (card) this.putOwnCards([card]);
  }

  /** Cards an own action's answer has (a pack's pulls) in the kept collection, as the web puts them. */
  private putOwnCards(cards: readonly OwnCard[]): void {
    if (!this.cached.has('userCards')) return;
    this.data.set(
      'userCards',
      cards.reduce((kept, card) => withOwnCard(kept, card), this.cards),
    );
  }

  /** A claim's answer's mission in the kept lists and Completed tab (the web's refreshAfterClaim). */
  private putMission(answer: { status: number; text: string }): void {
    if (answer.status !== 200) return;
    const mission = (parseOr(answer.text, {}) as { mission?: Mission }).mission;
    if (!mission) return;
    const lists = this.data.get('missions') as MissionLists<Mission> | undefined;
    if (lists && this.cached.has('missions')) this.data.set('missions', withMission(lists, mission));
    const completed = this.data.get('missionsCompleted') as Mission[] | undefined;
    if (completed && this.cached.has('missionsCompleted'))
      this.data.set('missionsCompleted', withClaimedMission(completed, mission));
  }

  /** Takes an offer out of a kept list of pending offers (the web's withoutOffer). */
  private withoutOffer(list: 'incoming' | 'outgoing', offerId: number): 'was full' | 'done' {
    const before = this.data.get(list);
    if (!Array.isArray(before)) return 'done';
    this.data.set(
      list,
      (before as Offer[]).filter((offer) => offer.id !== offerId),
    );
    return before.length >= OFFER_LIST_LIMIT ? 'was full' : 'done';
  }

  /** What the stream says: the web refetches the market's list when it is on screen, and the cards. */
  onSignal = (signal: StreamSignal): void => {
    if (signal !== 'market-listed') this.invalidate(LIVE_INVALIDATES[signal]);
    else if (this.page === 'market' && !this.refetching) {
      // An active query refetches at once; react-query runs one fetch of a key at a time.
      this.refetching = true;
      void this.ask(PAGES.market[0]!).finally(() => (this.refetching = false));
    } else this.cached.delete('listings');
  };

  /**
   * Moves until the deadline, a think time apart; the first after a random part of one, and not
   * before `arrival` (a player who just signed up comes in during the level's ramp).
   */
  async run(until: number, think: ThinkTime, arrival = 0): Promise<void> {
    await sleep(Math.max(0, arrival - Date.now()) + thinkTimeMs(think, this.random) * this.random());
    while (Date.now() < until) {
      try {
        if (this.random() < RELOAD_SHARE || this.cached.size === 0) await this.load();
        await this.move(weighted(MOVES, this.random));
      } catch {
        // An answer that was not what the move expected (its status is in the tally): on to the next move.
      }
      await sleep(Math.min(thinkTimeMs(think, this.random), Math.max(0, until - Date.now())));
    }
  }

  /** A fresh load of the app: an empty cache and the shell's queries. */
  private async load(): Promise<void> {
    this.cached.clear();
    this.marketPages = 0;
    await Promise.all(SHELL.map((q) => this.ask(q)));
  }

  /**
   * Home's starter-pack overlay shows its cards until the player has seen them (StarterPackOverlay):
   * the web marks the pack revealed, then reads it (empty now) and the user again.
   */
  private async revealStarterPack(): Promise<void> {
    const starter = this.data.get('starterPack');
    if (!Array.isArray(starter) || starter.length === 0) return;
    const res = await this.post('/api/user/starter-pack/revealed');
    if (res.status === 200) this.invalidate(['starterPack', 'user']);
  }

  private invalidate(keys: readonly string[]): void {
    for (const k of keys) this.cached.delete(k);
    // Queries on show refetch at once: the shell's (on every screen) and the screen's.
    const onScreen = [...SHELL, ...(this.page ? PAGES[this.page] : [])].filter((q) => keys.includes(q.key));
    for (const q of onScreen) void this.ask(q);
  }

  /** One query as the web asks it: only when not cached, except `always`. Decodes what the next move needs. */
  private async ask(q: Query): Promise<void> {
    if (this.cached.has(q.key) && !q.always) return;
    if (q.key === 'listings') return this.askListings(q);
    const keep = KEPT.has(q.key);
    const res = await this.session.call('GET', q.path, { keep });
    if (res.status !== 200) return;
    this.cached.add(q.key);
    if (keep) this.data.set(q.key, parseOr(res.text, undefined));
  }

  /**
   * The market's list as the web's infinite query asks it: the first page, then each page loaded
   * before after the cursor of the one before (react-query refetches an infinite query's pages in
   * order). A page is small (50 items): it is always decoded, for its cursor.
   */
  private async askListings(q: Query): Promise<void> {
    const pages = this.marketPages;
    this.marketPages = 0;
    this.marketCursor = null;
    const first = await this.askMarketPage(q.path, this.world.wantsMarket());
    if (!first) return;
    this.cached.add(q.key);
    while (this.marketPages < pages && (await this.scrollMarket(q.path)));
  }

  /** The market's next page, as the list scrolls to its end; false at the end or on a refusal. */
  private async scrollMarket(path: string): Promise<boolean> {
    if (this.marketCursor === null) return false;
    if (!(await this.askMarketPage(marketPagePath(path, this.marketCursor), false))) return false;
    this.marketPages++;
    return true;
  }

  private async askMarketPage(path: string, share: boolean): Promise<boolean> {
    const res = await this.session.call('GET', path, { keep: true });
    if (res.status !== 200) return false;
    const page = marketPageOf(res.text);
    if (!page) return false;
    if (share) this.world.takeMarket(page.items);
    this.marketCursor = page.nextCursor;
    return true;
  }

  private list<T>(key: string): T[] {
    const value = this.data.get(key);
    return Array.isArray(value) ? (value as T[]) : [];
  }

  private get cards(): OwnCard[] {
    return this.list<OwnCard>('userCards');
  }

  private async show(page: Page): Promise<void> {
    this.page = page;
    await Promise.all(PAGES[page].map((q) => this.ask(q)));
    if (page === 'home') await this.revealStarterPack();
  }

  private post(path: string, body: unknown = {}) {
    return this.session.call('POST', path, { body, idempotent: true, keep: true });
  }

  private async move(move: Move): Promise<void> {
    const r = this.random;
    switch (move) {
      case 'home':
      case 'collection':
      case 'catalog':
      case 'leaderboard':
      case 'notifications':
        return this.show(move);
      case 'market': {
        await this.show('market');
        // Scrolling down the list: up to MAX_SCROLLED_PAGES more pages (those loaded already stay).
        const scrolls = Math.floor(r() * (MAX_SCROLLED_PAGES + 1));
        while (this.marketPages < scrolls && (await this.scrollMarket(PAGES.market[0]!.path)));
        // Now and then another position: a list of its own, its first page.
        if (r() < 0.3) {
          const position = pick(POSITIONS, r)!;
          await this.ask({
            key: `listings:${position}`,
            path: `/api/market?position=${position}&sort=price_asc&limit=${MARKET_PAGE_SIZE}`,
          });
        }
        return;
      }
      case 'stockMarket':
        await this.show('stockMarket');
        if (r() < 0.4) {
          const item = pick(this.world.market, r);
          const range = pick(['1d', '1w', '1m'], r)!;
          if (item)
            await this.ask({
              key: `history:${item.playerId}:${range}`,
              path: `/api/market/players/${item.playerId}/history?range=${range}`,
            });
        }
        return;
      case 'rosters': {
        await this.show('rosters');
        const team = pick(this.list<{ id: number }>('teamCounts'), r)?.id;
        if (team === undefined) return;
        return this.ask({ key: `team:${team}`, path: `/api/teams/${team}/players` });
      }
      case 'buy': {
        await this.show('market');
        const item = pick(this.world.market.filter((i) => i.userId !== this.session.id).slice(0, 100), r);
        if (!item) return;
        this.putOwnCard(await this.post(`/api/market/buy/${item.id}`, { expectedPrice: item.price }));
        return this.invalidate(this.stream?.isOpen ? INVALIDATES.marketTradeLive : INVALIDATES.marketTrade);
      }
      case 'sell': {
        await this.show('collection');
        const card = pick(
          this.cards.filter((c) => !c.forSale),
          r,
        );
        if (!card) return;
        const price = Math.max(1, Math.round(card.player.currentPrice * (0.9 + r() * 0.3)));
        this.putOwnCard(await this.post(`/api/market/sell/${card.id}`, { price }));
        return this.invalidate(this.stream?.isOpen ? INVALIDATES.marketTradeLive : INVALIDATES.marketTrade);
      }
      case 'withdraw': {
        await this.show('collection');
        const card = pick(
          this.cards.filter((c) => c.forSale),
          r,
        );
        if (!card) return;
        this.putOwnCard(await this.post(`/api/market/withdraw/${card.id}`));
        return this.invalidate(this.stream?.isOpen ? INVALIDATES.marketTradeLive : INVALIDATES.marketTrade);
      }
      case 'offer': {
        await this.show('trades');
        const card = pick(
          this.cards.filter((c) => !c.forSale),
          r,
        );
        const target = pick(
          this.world.players.filter((p) => p !== this && p.session.username),
          r,
        );
        if (!card || !target) return;
        await this.post('/api/trades/create', {
          cardId: card.id,
          targetUser: target.session.username,
          coinOffer: 0,
          requestedCardIds: [],
          requestedCoins: 1 + Math.floor(r() * 500),
        });
        return this.invalidate(INVALIDATES.offerMade);
      }
      case 'answerOffers': {
        await this.show('trades');
        const offer = pick(
          this.list<Offer>('incoming').filter((o) => o.status === 'pending'),
          r,
        );
        if (offer) {
          await this.post(`/api/trades/${offer.id}/${r() < 0.7 ? 'accept' : 'decline'}`);
          if (!this.stream?.isOpen) return this.invalidate(INVALIDATES.offer);
          if (this.withoutOffer('incoming', offer.id) === 'was full') this.invalidate(['incoming']);
          return this.invalidate(INVALIDATES.answerLive);
        }
        const mine = pick(
          this.list<Offer>('outgoing').filter((o) => o.status === 'pending'),
          r,
        );
        if (!mine) return;
        await this.session.call('DELETE', `/api/trades/${mine.id}`, { idempotent: true });
        return this.invalidate(INVALIDATES.offer);
      }
      case 'wish': {
        await this.show('wishes');
        if (r() < 0.5) {
          const card = pick(
            this.cards.filter((c) => !c.forSale),
            r,
          );
          if (!card) return;
          await this.post('/api/tradewishes', { cardId: card.id, minimumCoins: 1 + Math.floor(r() * 1_000) });
        } else {
          const wish = pick(
            this.list<{ id: number; userId: number }>('wishes').filter((w) => w.userId !== this.session.id),
            r,
          );
          if (!wish) return;
          await this.post('/api/trades/offer-for-wish', {
            wishId: wish.id,
            offerType: 'coins',
            coinAmount: 1 + Math.floor(r() * 1_500),
          });
        }
        return this.invalidate(INVALIDATES.wish);
      }
      case 'claimMissions': {
        await this.show('missions');
        const lists = this.data.get('missions') as { daily: Mission[]; weekly: Mission[] } | undefined;
        const ready = lists?.daily
          ? [...lists.daily, ...lists.weekly].filter((m) => !m.claimed && m.progress >= m.target)
          : [];
        for (const mission of ready) this.putMission(await this.post(`/api/missions/${mission.id}/claim`));
        if (ready.length > 0)
          this.invalidate(this.stream?.isOpen ? INVALIDATES.missionLive : INVALIDATES.mission);
        return;
      }
      case 'buyCoins': {
        await this.show('coins');
        // The test card flow of the tests: intent, the test provider's confirmation, success.
        const intent = await this.post('/api/create-payment-intent', {
          amount: 11,
          packageId: 'starter-stack',
        });
        if (intent.status !== 200) return;
        const { paymentIntentId } = JSON.parse(intent.text) as { paymentIntentId: string };
        const confirm = await this.post(`/api/test-payments/${paymentIntentId}/confirm`, TEST_CARD);
        if (confirm.status !== 200) return;
        await this.post('/api/payment/success', { paymentIntentId });
        return this.invalidate(this.stream?.isOpen ? INVALIDATES.coinsLive : INVALIDATES.coins);
      }
      case 'lineup': {
        // /matchday: field (or change) a lineup of own cards, as the lineup builder sends it.
        await this.show('matchday');
        const view = this.data.get('matchday') as { matchday?: { id: number; state: string } } | undefined;
        if (view?.matchday?.state !== 'open') return;
        const picked: OwnCard[] = [];
        for (const place of LINEUP_PLACES) {
          const card = pick(
            this.cards.filter(
              (c) =>
                !c.forSale &&
                !c.auctionId &&
                !picked.some((p) => p.player.id === c.player.id) &&
                (place === 'outfield'
                  ? !c.player.position.includes('Goalkeeper')
                  : c.player.position.includes(place)),
            ),
            r,
          );
          if (!card) return;
          picked.push(card);
        }
        const cardIds = picked.map((c) => c.id);
        await this.session.call('PUT', `/api/matchday/${view.matchday.id}/lineup`, {
          body: { cardIds, captainCardId: pick(cardIds, r)! },
          idempotent: true,
          keep: true,
        });
        return this.invalidate(['matchday', 'userCards']);
      }
      case 'challenge': {
        // /challenges: give up the cheapest own free cards that make a squad of an open challenge.
        await this.show('challenges');
        const open = this.list<OpenChallenge>('challenges').filter(
          (c) => c.state === 'open' && !c.submission,
        );
        const challenge = pick(open, r);
        if (!challenge) return;
        const requirements = {
          cardCount: challenge.cardCount,
          teamId: challenge.teamId,
          position: challenge.position as ChallengeRequirements['position'],
          minRarity: challenge.minRarity,
          minTotalValue: challenge.minTotalValue,
        };
        const squad = this.cards
          .filter((c) => !c.forSale && !c.auctionId)
          .map((c) => ({ ...c.player, id: c.id }))
          .filter((c) => Object.values(cardFit(c, requirements)).every((fit) => fit !== false))
          .sort((a, b) => a.currentPrice - b.currentPrice)
          .slice(0, challenge.cardCount);
        if (!checkSquad(squad, requirements).ok) return;
        await this.session.call('POST', `/api/challenges/${challenge.id}/submissions`, {
          body: { cardIds: squad.map((c) => c.id) },
          idempotent: true,
          keep: true,
        });
        return this.invalidate(['challenges', 'userCards']);
      }
      case 'buyPack': {
        await this.show('shop');
        const bought = await this.post('/api/packs/purchase', { packId: pick([1, 1, 1, 2, 3], r) });
        // The pulls join the kept collection, as the web's usePurchasePack puts them.
        if (bought.status === 200)
          this.putOwnCards((parseOr(bought.text, {}) as { cards?: OwnCard[] }).cards ?? []);
        return this.invalidate(this.stream?.isOpen ? INVALIDATES.packLive : INVALIDATES.pack);
      }
    }
  }
}

const TEST_CARD = { cardNumber: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
