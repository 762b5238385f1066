import type { RouteObject } from 'react-router';

import { RouteError } from '@/components/RouteError';
import { paths } from '@/config/paths';

import { lazyScreen } from './lazy-screen';
import { RootLayout } from './layout/RootLayout';

/** The root route's id: the signed-in table is patched in under it. */
const ROOT = 'root';

/**
 * The route table /auth's entry carries: the root, /auth and the catch-all.
 *
 * - /auth is public.
 * - The signed-in screens (signed-in-routes.tsx) join the table when a navigation first needs them
 *   (discoverRoutes): a signed-in page preloads them with its first screen.
 * - Each screen is its own chunk (lazyScreen, React.lazy), so a page loads only the screens it shows;
 *   the layouts show a light fallback while a screen's chunk arrives. Admin screens check isAdmin
 *   themselves and show their denial message.
 * - Any other path shows the not-found screen, signed in or not.
 */
export const routes: RouteObject[] = [
  {
    id: ROOT,
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      {
        path: paths.auth,
        ...lazyScreen(() => import('@/features/auth/routes/AuthRoute').then((m) => m.AuthRoute)),
      },
      { path: '*', ...lazyScreen(() => import('./guards').then((m) => m.NotFoundRoute)) },
    ],
  },
];

/**
 * A router's patchRoutesOnNavigation (one per router): the signed-in screens' table
 * (signed-in-routes.tsx) joins the root's children on the first navigation that /auth's table
 * matches only by its catch-all, so the entry that /auth loads does not carry it (its first-load
 * budget, docs/performance.md).
 */
export function discoverRoutes() {
  let discovered = false;
  return async ({
    patch,
    signal,
  }: {
    patch: (routeId: string | null, children: RouteObject[]) => void;
    signal: AbortSignal;
  }): Promise<void> => {
    if (discovered) return;
    const { signedInRoutes } = await import('./signed-in-routes');
    if (discovered || signal.aborted) return;
    patch(ROOT, signedInRoutes);
    discovered = true;
  };
}
