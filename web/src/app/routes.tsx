import type { RouteObject } from 'react-router';

import { NotFound } from '@/components/NotFound';
import { RouteError } from '@/components/RouteError';
import { paths } from '@/config/paths';
import { AuthRoute } from '@/features/auth/routes/AuthRoute';
import { CatalogRoute } from '@/features/catalog/routes/CatalogRoute';
import { PaymentSuccessRoute } from '@/features/coins/routes/PaymentSuccessRoute';
import { PurchaseCoinsRoute } from '@/features/coins/routes/PurchaseCoinsRoute';
import { CollectionRoute } from '@/features/collection/routes/CollectionRoute';
import { HomeRoute } from '@/features/home/routes/HomeRoute';
import { MarketRoute } from '@/features/market/routes/MarketRoute';
import { StockMarketRoute } from '@/features/market/routes/StockMarketRoute';
import { ProfileRoute } from '@/features/profile/routes/ProfileRoute';
import { ShopRoute } from '@/features/shop/routes/ShopRoute';
import { TeamsRoute } from '@/features/teams/routes/TeamsRoute';
import { TradeHistoryRoute } from '@/features/trade-history/routes/TradeHistoryRoute';
import { TradeMarketplaceRoute } from '@/features/trade-marketplace/routes/TradeMarketplaceRoute';
import { TradeRoute } from '@/features/trades/routes/TradeRoute';

import { NotFoundRoute, RequireAuth } from './guards';
import { AppLayout, RootLayout } from './layout/AppLayout';

/**
 * The route table of the whole app (both specs), in one place.
 *
 * - /auth is public.
 * - Every other listed route sits under <RequireAuth> (spinner while the session loads, /auth when signed
 *   out) and <AppLayout> (mobile frame and bottom navigation).
 * - A screen that is not built yet renders <NotFound />; when it lands, replace that element with the
 *   screen's route component (for example `element: <MarketRoute />`). Admin screens check isAdmin
 *   themselves and show their denial message.
 * - Any other path shows the not-found screen, signed in or not.
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      { path: paths.auth, element: <AuthRoute /> },
      {
        element: <RequireAuth />,
        children: [
          {
            element: <AppLayout />,
            children: [
              { path: paths.home, element: <HomeRoute /> },
              { path: paths.market, element: <MarketRoute /> },
              { path: paths.marketStock, element: <StockMarketRoute /> },
              { path: paths.trade, element: <TradeRoute /> },
              { path: paths.tradeHistory, element: <TradeHistoryRoute /> },
              { path: paths.tradeMarketplace, element: <TradeMarketplaceRoute /> },
              { path: paths.leaderboard, element: <NotFound /> },
              { path: paths.profile, element: <ProfileRoute /> },
              { path: paths.collection, element: <CollectionRoute /> },
              { path: paths.catalog, element: <CatalogRoute /> },
              { path: paths.missions, element: <NotFound /> },
              { path: paths.teams, element: <TeamsRoute /> },
              { path: paths.shop, element: <ShopRoute /> },
              { path: paths.purchaseCoins, element: <PurchaseCoinsRoute /> },
              { path: paths.purchaseCoinsSuccess, element: <PaymentSuccessRoute /> },
              { path: paths.cashout, element: <NotFound /> },
              { path: paths.adminCashout, element: <NotFound /> },
              { path: paths.adminDashboard, element: <NotFound /> },
              { path: paths.admin, element: <NotFound /> },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
];
