/**
 * What each screen of the web app asks the server when it is shown, as in web/src/lib/data/*.ts: one
 * entry per query (its cache key and path). The app's queries never go stale by themselves
 * (web/src/lib/query-client.ts: staleTime Infinity), so a query is asked once per tab until a
 * mutation or a live event invalidates it; `always` marks the one that refetches on every mount
 * (the balance, useBalance).
 */
export interface Query {
  key: string;
  path: string;
  always?: boolean;
}

const q = (key: string, path: string, always = false): Query => ({ key, path, always });

/**
 * The shell every signed-in screen shows (web/src/app/layout/AppShell.tsx, components/Header.tsx):
 * the user (its coins are the header's balance pill), the bell's unread count and the offers
 * received (the navigation's badge). The balance with its held coins is read by the screens that show it
 * (the shop, coins, the wallet sheet), the market's hours by the market and the collection.
 */
export const SHELL: Query[] = [
  q('user', '/api/user'),
  q('unread', '/api/notifications/unread-count'),
  // The navigation's badge counts the offers received from their list (useIncomingTradesCount).
  q('incoming', '/api/trades/incoming'),
];

const marketStatus = q('marketStatus', '/api/market/status');

export const POSITIONS = ['Forward', 'Midfielder', 'Defender', 'Goalkeeper'] as const;

/** The page size of the web's paged lists (web/src/lib/data/market.ts and cards.ts). */
export const MARKET_PAGE_SIZE = 50;

/** The path of the market's list after a page's cursor (the next page, as the list scrolls). */
export const marketPagePath = (path: string, cursor: string) =>
  `${path}&cursor=${encodeURIComponent(cursor)}`;

export const PAGES = {
  home: [
    // Home's starter-pack overlay (HomeRoute.tsx): shown until the pack is revealed (player.ts).
    q('starterPack', '/api/user/starter-pack'),
    q('missions', '/api/missions'),
    q('trending', '/api/market/trending'),
    q('userCards', '/api/user/cards'),
    // Home's notice of packs closed before their reveal (issue 43).
    q('unopenedPacks', '/api/packs/unopened'),
    // Home's Matchday card (issue 44).
    q('matchday', '/api/matchday'),
  ],
  /**
   * The market's default list (MarketRoute: all positions, cheapest first), its first page as the
   * web asks it (useMarketListings, MARKET_PAGE_SIZE); scrolling asks the next ones (player.ts).
   */
  market: [q('listings', `/api/market?sort=price_asc&limit=${MARKET_PAGE_SIZE}`), marketStatus],
  /** The stock market's default list (StockMarketRoute: dearest first). */
  stockMarket: [q('allPlayers', '/api/market/all-players?sort=price_desc')],
  collection: [
    q('userCards', '/api/user/cards'),
    q('teamCounts', '/api/teams/with-player-counts'),
    // The collection's bar when the market is closed (MarketClosedBar).
    marketStatus,
  ],
  /** The catalog's first page (useCatalog, CATALOG_PAGE_SIZE, no filter). */
  catalog: [q('catalog', `/api/player-catalog?limit=${MARKET_PAGE_SIZE}`)],
  rosters: [q('teamCounts', '/api/teams/with-player-counts')],
  leaderboard: [q('leaderboard', '/api/leaderboard')],
  /** /matchday: the open matchday with the lineup, the cards to field, the latest standings. */
  matchday: [
    q('matchday', '/api/matchday'),
    q('userCards', '/api/user/cards'),
    q('matchdayStandings', '/api/matchday/standings'),
  ],
  /** /challenges: the challenges with the player's completions, and the cards a squad is built of. */
  challenges: [q('challenges', '/api/challenges'), q('userCards', '/api/user/cards')],
  notifications: [q('notifications', '/api/notifications')],
  trades: [
    q('incoming', '/api/trades/incoming'),
    q('outgoing', '/api/trades/outgoing'),
    q('userCards', '/api/user/cards'),
    q('usernames', '/api/users/usernames'),
  ],
  wishes: [
    q('wishes', '/api/tradewishes'),
    q('teams', '/api/teams'),
    q('userCards', '/api/user/cards'),
    q('usernames', '/api/users/usernames'),
  ],
  missions: [q('missions', '/api/missions'), q('missionsCompleted', '/api/missions/completed')],
  shop: [
    q('packs', '/api/packs'),
    q('balance', '/api/user/balance', true),
    q('unopenedPacks', '/api/packs/unopened'),
  ],
  /** The Market's My Listings tab (issue 43): the player's own listings, first page. */
  myListings: [q('ownListings', '/api/market/my-listings?limit=50')],
  coins: [q('coinPackages', '/api/coin-packages'), q('balance', '/api/user/balance', true)],
} satisfies Record<string, Query[]>;
export type Page = keyof typeof PAGES;

/** What the web invalidates after each kind of change (the mutations' onSuccess in web/src/lib/data). */
export const INVALIDATES = {
  /** refreshAfterTrade: a buy, a sale or a withdrawal, while the live stream is not open. */
  marketTrade: ['user', 'balance', 'userCards', 'catalog', 'listings', 'tradeHistory'],
  /** refreshAfterOwnTrade with the stream open: its events bring the rest (web/src/lib/data/market.ts). */
  marketTradeLive: ['tradeHistory'],
  pack: ['user', 'balance', 'userCards', 'catalog', 'unopenedPacks'],
  /** With the stream open: the answer's coins show, the `cards` event brings the rest (web/src/lib/data/coins.ts). */
  packLive: [],
  coins: ['user', 'balance'],
  coinsLive: [],
  /** refreshAfterTrade (web/src/lib/data/trades.ts): a cancel, or an answer while the stream is not open. */
  offer: ['incoming', 'outgoing', 'userCards', 'user', 'balance', 'tradeHistory', 'wishes'],
  /** refreshAfterAnswer with the stream open: the offer leaves Incoming, its events bring the rest. */
  answerLive: [],
  /** useCreateTrade: the Sent list. */
  offerMade: ['outgoing'],
  wish: ['wishes'],
  /** refreshAfterClaim (web/src/lib/data/missions.ts) while the stream is not open. */
  mission: ['missions', 'missionsCompleted', 'user', 'balance', 'badges'],
  /** With the stream open: the answer's mission shows in the lists and the Completed tab, and its coins. */
  missionLive: [],
} as const;
