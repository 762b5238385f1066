import { createBrowserRouter } from 'react-router';

import { preloadScreensOf } from './lazy-screen';
import { routes } from './routes';

export function createAppRouter() {
  preloadScreensOf(routes, window.location.pathname);
  return createBrowserRouter(routes);
}
