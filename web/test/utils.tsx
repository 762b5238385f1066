import { computeAccessibleName } from 'dom-accessibility-api';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, vi } from 'vitest';

import { AppProviders } from '@/app/providers';
import { preloadAllScreens } from '@/app/lazy-screen';
import { discoverRoutes, routes } from '@/app/routes';
import { signedInRoutes } from '@/app/signed-in-routes';
import type { User } from '@touchline/contract';
import { createQueryClient } from '@/lib/query-client';

// The screens are lazy chunks in the app; a test file loads them all before its first test, as
// importing the route table did before they were split, so no findBy waits on a module import.
beforeAll(() => preloadAllScreens([...routes, ...signedInRoutes]), 120_000);

export interface MockResponse {
  status?: number;
  body?: unknown;
}

/** Handler per "METHOD /path" (query string not matched); the request body is passed parsed, and the URL. */
export type RouteHandlers = Record<string, MockResponse | ((body: unknown, url: URL) => MockResponse)>;

export interface RecordedCall {
  method: string;
  path: string;
  /** The query string ('?sort=price_asc&limit=50'), or ''. */
  search: string;
  body: unknown;
  init: RequestInit | undefined;
}

/** Replaces global fetch with a mock answering per method and path; unknown routes answer 404. */
export function mockFetch(handlers: RouteHandlers) {
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn((input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const parsed = new URL(url, 'http://localhost');
    const path = parsed.pathname;
    const method = (init?.method ?? 'GET').toUpperCase();
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, path, search: parsed.search, body, init });
    const handler = handlers[`${method} ${path}`];
    const response = typeof handler === 'function' ? handler(body, parsed) : handler;
    if (!response) {
      return Promise.resolve(new Response(JSON.stringify({ message: 'Not found' }), { status: 404 }));
    }
    const status = response.status ?? 200;
    return Promise.resolve(
      new Response(response.body === undefined ? null : JSON.stringify(response.body), {
        status,
        headers: { 'Content-Type': 'application/json' },
      }),
    );
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, calls };
}

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: 7,
    email: 'alice@example.com',
    username: 'alice',
    coins: 12345,
    isAdmin: false,
    badge: 'Rookie',
    badges: [],
    rank: 3,
    cardCount: 3,
    collectionValue: 4200,
    createdAt: '2025-01-01T00:00:00.000Z',
    returning: true,
    muted: false,
    muteReason: null,
    mutedUntil: null,
    favoriteTeamId: null,
    ...overrides,
  };
}

export const signedOut: MockResponse = { status: 401, body: { message: 'Not signed in' } };

/** Renders the whole app (routes, providers, toaster) at a path, with a new query client or the one given. */
export function renderApp(path: string, queryClient = createQueryClient()) {
  const router = createMemoryRouter(routes, {
    initialEntries: [path],
    patchRoutesOnNavigation: discoverRoutes(),
  });
  const user = userEvent.setup();
  const utils = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...utils, router, queryClient, user };
}

/**
 * The player names of card buttons, which are named by what they show ('Lionel Messi, Forward, …'),
 * so the name a speech-input user reads off the card is the button's name (WCAG 2.5.3).
 */
export function cardButtonNames(buttons: readonly HTMLElement[]): string[] {
  return buttons.map((button) => computeAccessibleName(button).split(',')[0]!);
}
