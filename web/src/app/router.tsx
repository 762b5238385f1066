import { createBrowserRouter } from 'react-router';

import { preloadScreensOf } from './lazy-screen';
import { routes } from './routes';

export function createAppRouter() {
  const router = createBrowserRouter(routes);
  // The router has matched the opened page already: ranking the route table a second time for the
  // preload cost a tenth of the first screen's script time.
  preloadScreensOf(router.state.matches);
  return router;
}
