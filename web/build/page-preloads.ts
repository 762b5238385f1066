import path from 'node:path';

import type { Plugin } from 'vite';

import { matchday } from '../../libs/contract/src/matchday-routes';
import { cards, market, missions, packs, trades, user } from '../../libs/contract/src/routes';

import { isFirstScreenChunk, staticClosure } from './first-load-chunks';

/** The page the gateway sends a browser that holds a session cookie (gateway/src/web.ts). */
export const SIGNED_IN_PAGE = 'index.signed-in.html';
/** The signed-in page of a navigation to / (gateway/src/web.ts): it also preloads home's lists. */
export const HOME_PAGE = 'index.home.html';
/**
 * What home asks for as soon as the session is known (features/home/api/prefetch-home.ts, which a
 * test holds to this list): the answers its first screen shows and the navigation's offer count.
 */
export const HOME_LISTS = [
  cards.userCards.path,
  cards.starterPack.path,
  market.trending.path,
  missions.list.path,
  trades.incoming.path,
  packs.list.path,
  packs.unopened.path,
  matchday.current.path,
];
const AUTH_SCREEN = path.join('features', 'auth', 'routes', 'AuthRoute.tsx');

/** What the plugin reads of an emitted chunk (Rollup's OutputChunk). */
export interface ChunkInfo {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: string[];
}

/** A preload of an API answer, fetched as the page's own fetch asks for it (lib/api.ts: with credentials). */
const apiPreload = (href: string) =>
  `<link rel="preload" href="${href}" as="fetch" crossorigin="use-credentials">`;

/**
 * The preload links of each page, from the emitted chunks.
 *
 * - Signed out: the /auth screen's chunk and what it imports, beyond the entry (which the page
 *   already loads and preloads).
 * - Signed in: the session (`GET /api/user`) and the first-screen chunk (guard, signed-in layout,
 *   home) with what it imports.
 * - Home (signed in, a navigation to /): the same, and home's lists. Their answers then arrive while
 *   the scripts download, a round trip sooner (Lighthouse's median LCP 2.31 → 2.18 s: docs/performance.md).
 *
 * Without them the browser learns what the first screen needs only once the entry has arrived and
 * run, one round trip later (the lists two: they wait for the session).
 */
export function pagePreloads(chunkList: ChunkInfo[]): {
  signedOut: string[];
  signedIn: string[];
  home: string[];
} {
  const chunks = new Map(chunkList.map((chunk) => [chunk.fileName, chunk]));
  const entry = chunkList.find((chunk) => chunk.isEntry);
  const firstScreen = chunkList.find((chunk) => isFirstScreenChunk(chunk.fileName));
  const auth = chunkList.find((chunk) => chunk.facadeModuleId?.endsWith(AUTH_SCREEN));
  if (!entry || !firstScreen || !auth) {
    throw new Error('page-preloads: the build has no entry, first-screen chunk or /auth screen chunk');
  }
  // The chunks one needs before it runs: itself and its static imports, transitively.
  const needs = (chunk: ChunkInfo) => staticClosure([chunk.fileName], (file) => chunks.get(file)?.imports);
  const loadedByEntry = needs(entry);
  const modules = (from: ChunkInfo) =>
    [...needs(from)]
      .filter((file) => !loadedByEntry.has(file))
      .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
  const signedIn = [apiPreload(user.get.path), ...modules(firstScreen)];
  return { signedOut: modules(auth), signedIn, home: [...signedIn, ...HOME_LISTS.map(apiPreload)] };
}

/** index.html with `links` at the end of its head (its entry and stylesheet stay first in line). */
export function withPreloads(html: string, links: string[]): string {
  const headEnd = html.indexOf('</head>');
  if (headEnd < 0) throw new Error('page-preloads: index.html has no </head>');
  const lineStart = html.lastIndexOf('\n', headEnd) + 1;
  return `${html.slice(0, lineStart)}${links.map((link) => `    ${link}\n`).join('')}${html.slice(lineStart)}`;
}

/**
 * Writes the first pages at `vite build`: dist/index.html, for a browser without a session,
 * dist/index.signed-in.html, for one with a session cookie, and dist/index.home.html, for such a
 * browser opening /, each preloading what its first screen needs (pagePreloads). The gateway picks
 * one by the cookie's presence, not its validity: a stale cookie costs the signed-in preloads of a
 * page that then shows /auth.
 */
export function pagePreloadsPlugin(): Plugin {
  return {
    name: 'touchline:page-preloads',
    apply: 'build',
    enforce: 'post',
    generateBundle: {
      // After Vite's HTML plugin has emitted index.html with its entry and modulepreload links.
      order: 'post',
      handler(_options, bundle) {
        const page = bundle['index.html'];
        if (!page || page.type !== 'asset' || typeof page.source !== 'string') {
          throw new Error('page-preloads: the build emitted no index.html');
        }
        const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
        const { signedOut, signedIn, home } = pagePreloads(chunks);
        const html = page.source;
        page.source = withPreloads(html, signedOut);
        this.emitFile({ type: 'asset', fileName: SIGNED_IN_PAGE, source: withPreloads(html, signedIn) });
        this.emitFile({ type: 'asset', fileName: HOME_PAGE, source: withPreloads(html, home) });
      },
    },
  };
}
