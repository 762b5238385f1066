/** Every route of the app (both specs). Screens and links use these instead of string literals. */
export const paths = {
  home: '/',
  auth: '/auth',
  market: '/market',
  marketStock: '/market/stock',
  marketListings: '/market/listings',
  trade: '/trade',
  tradeHistory: '/trade-history',
  tradeMarketplace: '/trade-marketplace',
  leaderboard: '/leaderboard',
  profile: '/profile',
  collection: '/collection',
  catalog: '/catalog',
  missions: '/missions',
  notifications: '/notifications',
  watchlist: '/watchlist',
  auctions: '/auctions',
  matchday: '/matchday',
  matchdayHistory: '/matchday/history',
  challenges: '/challenges',
  teams: '/teams',
  shop: '/shop',
  purchaseCoins: '/purchase-coins',
  purchaseCoinsSuccess: '/purchase-coins/success',
  cashout: '/cashout',
  adminCashout: '/admin/cashout',
  adminDashboard: '/admin/dashboard',
  adminChallenges: '/admin/challenges',
  adminMatchdays: '/admin/matchdays',
  admin: '/admin',
} as const;

export type AppPath = (typeof paths)[keyof typeof paths];

/** A team's roster on the MLS Team Rosters screen (/teams?team={id}). */
export const teamRosterPath = (teamId: number): string => `${paths.teams}?team=${teamId}`;

/** One auction's page (/auctions/{id}): its bid history and live countdown. */
export const auctionPath = (auctionId: number): string => `${paths.auctions}/${auctionId}`;

/** One squad challenge's squad builder (/challenges/{id}). */
export const challengePath = (challengeId: number): string => `${paths.challenges}/${challengeId}`;
