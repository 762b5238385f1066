import type { RouteObject } from 'react-router';

import { paths } from '@/config/paths';

import { lazyScreen } from './lazy-screen';

/**
 * Every signed-in screen: under <RequireAuth> (spinner while the session loads, /auth when signed
 * out) and <AppLayout> (frame and navigation), each screen its own chunk. Not part of the entry: the
 * router discovers this table on the first navigation /auth's table does not match (routes.tsx,
 * discoverRoutes); it travels in the first-screen chunk, which a signed-in page preloads.
 */
export const signedInRoutes: RouteObject[] = [
  {
    ...lazyScreen(() => import('./guards').then((m) => m.RequireAuth)),
    children: [
      {
        ...lazyScreen(() => import('./layout/AppLayout').then((m) => m.AppLayout)),
        children: [
          {
            path: paths.home,
            ...lazyScreen(() => import('@/features/home/routes/HomeRoute').then((m) => m.HomeRoute)),
          },
          {
            path: paths.market,
            ...lazyScreen(() => import('@/features/market/routes/MarketRoute').then((m) => m.MarketRoute)),
          },
          {
            path: paths.marketStock,
            ...lazyScreen(() =>
              import('@/features/market/routes/StockMarketRoute').then((m) => m.StockMarketRoute),
            ),
          },
          {
            path: paths.marketListings,
            ...lazyScreen(() =>
              import('@/features/my-listings/routes/MyListingsRoute').then((m) => m.MyListingsRoute),
            ),
          },
          {
            path: paths.trade,
            ...lazyScreen(() => import('@/features/trades/routes/TradeRoute').then((m) => m.TradeRoute)),
          },
          {
            path: paths.tradeHistory,
            ...lazyScreen(() =>
              import('@/features/trade-history/routes/TradeHistoryRoute').then((m) => m.TradeHistoryRoute),
            ),
          },
          {
            path: paths.tradeMarketplace,
            ...lazyScreen(() =>
              import('@/features/trade-marketplace/routes/TradeMarketplaceRoute').then(
                (m) => m.TradeMarketplaceRoute,
              ),
            ),
          },
          {
            path: paths.leaderboard,
            ...lazyScreen(() =>
              import('@/features/leaderboard/routes/LeaderboardRoute').then((m) => m.LeaderboardRoute),
            ),
          },
          {
            path: paths.profile,
            ...lazyScreen(() => import('@/features/profile/routes/ProfileRoute').then((m) => m.ProfileRoute)),
          },
          {
            path: paths.collection,
            ...lazyScreen(() =>
              import('@/features/collection/routes/CollectionRoute').then((m) => m.CollectionRoute),
            ),
          },
          {
            path: paths.catalog,
            ...lazyScreen(() => import('@/features/catalog/routes/CatalogRoute').then((m) => m.CatalogRoute)),
          },
          {
            path: paths.missions,
            ...lazyScreen(() =>
              import('@/features/missions/routes/MissionsRoute').then((m) => m.MissionsRoute),
            ),
          },
          {
            path: paths.notifications,
            ...lazyScreen(() =>
              import('@/features/notifications/routes/NotificationsRoute').then((m) => m.NotificationsRoute),
            ),
          },
          {
            path: paths.watchlist,
            ...lazyScreen(() =>
              import('@/features/watchlist/routes/WatchlistRoute').then((m) => m.WatchlistRoute),
            ),
          },
          {
            path: paths.auctions,
            ...lazyScreen(() =>
              import('@/features/auctions/routes/AuctionsRoute').then((m) => m.AuctionsRoute),
            ),
          },
          {
            path: `${paths.auctions}/:id`,
            ...lazyScreen(() =>
              import('@/features/auctions/routes/AuctionRoute').then((m) => m.AuctionRoute),
            ),
          },
          {
            path: paths.matchday,
            ...lazyScreen(() => import('@/features/matchday/routes/screens').then((m) => m.MatchdayRoute)),
          },
          {
            path: paths.matchdayHistory,
            ...lazyScreen(() =>
              import('@/features/matchday/routes/screens').then((m) => m.MatchdayHistoryRoute),
            ),
          },
          {
            path: paths.challenges,
            ...lazyScreen(() =>
              import('@/features/challenges/routes/screens').then((m) => m.ChallengesRoute),
            ),
          },
          {
            path: `${paths.challenges}/:id`,
            ...lazyScreen(() => import('@/features/challenges/routes/screens').then((m) => m.ChallengeRoute)),
          },
          {
            path: paths.teams,
            ...lazyScreen(() => import('@/features/teams/routes/TeamsRoute').then((m) => m.TeamsRoute)),
          },
          {
            path: paths.shop,
            ...lazyScreen(() => import('@/features/shop/routes/ShopRoute').then((m) => m.ShopRoute)),
          },
          {
            path: paths.purchaseCoins,
            ...lazyScreen(() =>
              import('@/features/coins/routes/PurchaseCoinsRoute').then((m) => m.PurchaseCoinsRoute),
            ),
          },
          {
            path: paths.purchaseCoinsSuccess,
            ...lazyScreen(() =>
              import('@/features/coins/routes/PaymentSuccessRoute').then((m) => m.PaymentSuccessRoute),
            ),
          },
          {
            path: paths.cashout,
            ...lazyScreen(() => import('@/features/cashout/routes/CashoutRoute').then((m) => m.CashoutRoute)),
          },
          {
            path: paths.adminCashout,
            ...lazyScreen(() =>
              import('@/features/admin/routes/AdminCashoutRoute').then((m) => m.AdminCashoutRoute),
            ),
          },
          {
            path: paths.adminDashboard,
            ...lazyScreen(() =>
              import('@/features/admin/routes/AdminDashboardRoute').then((m) => m.AdminDashboardRoute),
            ),
          },
          {
            path: paths.adminChallenges,
            ...lazyScreen(() =>
              import('@/features/challenges/routes/AdminChallengesRoute').then((m) => m.AdminChallengesRoute),
            ),
          },
          {
            path: paths.adminMatchdays,
            ...lazyScreen(() =>
              import('@/features/admin/routes/AdminMatchdaysRoute').then((m) => m.AdminMatchdaysRoute),
            ),
          },
          {
            path: paths.admin,
            ...lazyScreen(() =>
              import('@/features/admin/routes/AdminControlsRoute').then((m) => m.AdminControlsRoute),
            ),
          },
        ],
      },
    ],
  },
];
