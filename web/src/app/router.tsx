import { createBrowserRouter, matchRoutes } from 'react-router';

import { preloadScreensOf } from './lazy-screen';
import { discoverRoutes, routes } from './routes';

export function createAppRouter() {
  const discover = discoverRoutes();
  const router = createBrowserRouter(routes, {
    // The signed-in table arrives with the first navigation that needs it; its screens for the page
    // being opened are then fetched at once, beside the session check.
    patchRoutesOnNavigation: (discovery) =>
      discover(discovery).then(() => preloadScreensOf(matchRoutes(router.routes, discovery.path) ?? [])),
  });
  // The router has matched the opened page already: ranking the route table a second time for the
  // preload cost a tenth of the first screen's script time.
  preloadScreensOf(router.state.matches);
  return router;
}
