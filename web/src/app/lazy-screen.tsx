import { lazy, type ComponentType } from 'react';
import type { RouteObject } from 'react-router';

/** What a lazily loaded route carries in its `handle`: a way to start fetching its screen early. */
export interface ScreenHandle {
  preload: () => Promise<unknown>;
}

/**
 * A route's screen in its own chunk (React.lazy): `{ path, ...lazyScreen(() => import('…').then((m) =>
 * m.HomeRoute)) }`. The chunk is fetched once, when the screen first renders or when preloaded.
 */
export function lazyScreen(load: () => Promise<ComponentType>): Pick<RouteObject, 'element' | 'handle'> {
  let loading: Promise<ComponentType> | undefined;
  const preload = () => (loading ??= load());
  const Screen = lazy(() => preload().then((component) => ({ default: component })));
  const handle: ScreenHandle = { preload };
  return { element: <Screen />, handle };
}

/**
 * Starts fetching the screens of the page being opened at once, beside the session check, rather
 * than after it (the guard renders the screen only once the session is known).
 */
export function preloadScreensOf(matches: readonly { route: { handle?: unknown } }[]): void {
  for (const match of matches) {
    const handle = match.route.handle as Partial<ScreenHandle> | undefined;
    void handle?.preload?.();
  }
}

/** Fetches every screen of the route table (tests: a screen's first render then waits on no import). */
export async function preloadAllScreens(routes: RouteObject[]): Promise<void> {
  const pending: Promise<unknown>[] = [];
  const visit = (list: RouteObject[]) => {
    for (const route of list) {
      const handle = route.handle as Partial<ScreenHandle> | undefined;
      if (handle?.preload) pending.push(handle.preload());
      if (route.children) visit(route.children);
    }
  };
  visit(routes);
  await Promise.all(pending);
}
