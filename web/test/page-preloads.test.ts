import { describe, expect, it } from 'vitest';

import { HOME_LISTS, pagePreloads, withPreloads, type ChunkInfo } from '../build/page-preloads';

const chunk = (fileName: string, imports: string[] = [], facade: string | null = null): ChunkInfo => ({
  type: 'chunk',
  fileName,
  isEntry: fileName.startsWith('assets/index-'),
  facadeModuleId: facade,
  imports,
});

/** A build shaped like the real one: the entry, /auth's screen, the first-screen group, a dialog. */
const BUILD = [
  chunk('assets/index-E1.js', ['assets/react-R1.js', 'assets/cn-C1.js']),
  chunk('assets/react-R1.js'),
  chunk('assets/cn-C1.js'),
  chunk('assets/Alert-A1.js', ['assets/cn-C1.js']),
  chunk(
    'assets/AuthRoute-U1.js',
    ['assets/react-R1.js', 'assets/Input-I1.js', 'assets/Alert-A1.js'],
    '/repo/web/src/features/auth/routes/AuthRoute.tsx',
  ),
  chunk('assets/Input-I1.js', ['assets/cn-C1.js']),
  chunk('assets/first-screen-F1.js', ['assets/react-R1.js', 'assets/Alert-A1.js', 'assets/query-Q1.js']),
  chunk('assets/query-Q1.js'),
  chunk('assets/Dialog-D1.js', ['assets/react-R1.js'], '/repo/web/src/components/Dialog.tsx'),
];

describe('pagePreloads', () => {
  it("preloads each page's first screen and what it imports, never what the entry already loads", () => {
    const { signedOut, signedIn, home } = pagePreloads(BUILD);
    expect(signedOut).toEqual([
      '<link rel="modulepreload" crossorigin href="/assets/AuthRoute-U1.js">',
      '<link rel="modulepreload" crossorigin href="/assets/Alert-A1.js">',
      '<link rel="modulepreload" crossorigin href="/assets/Input-I1.js">',
    ]);
    // The session is fetched with credentials, as the page's own request for it is (lib/api.ts):
    // a preload of another mode would be fetched twice.
    expect(signedIn).toEqual([
      '<link rel="preload" href="/api/user" as="fetch" crossorigin="use-credentials">',
      '<link rel="modulepreload" crossorigin href="/assets/first-screen-F1.js">',
      '<link rel="modulepreload" crossorigin href="/assets/query-Q1.js">',
      '<link rel="modulepreload" crossorigin href="/assets/Alert-A1.js">',
    ]);
    // Opening /, the same and home's lists, each fetched as the app's own request for it is.
    expect(home).toEqual([
      ...signedIn,
      ...[
        '/api/user/cards',
        '/api/user/starter-pack',
        '/api/market/trending',
        '/api/missions',
        '/api/trades/incoming',
        '/api/packs',
        '/api/packs/unopened',
        '/api/matchday',
      ].map((href) => `<link rel="preload" href="${href}" as="fetch" crossorigin="use-credentials">`),
    ]);
    expect(HOME_LISTS).toHaveLength(8);
  });

  it('refuses a build without the chunks it preloads, rather than writing pages that preload nothing', () => {
    expect(() => pagePreloads(BUILD.filter((c) => !c.fileName.includes('first-screen')))).toThrow(
      /first-screen/,
    );
    expect(() => pagePreloads(BUILD.filter((c) => !c.fileName.includes('AuthRoute')))).toThrow(/auth/);
  });
});

describe('withPreloads', () => {
  it('puts the links at the end of the head, after the entry and the stylesheet', () => {
    const html = [
      '<html>',
      '  <head>',
      '    <script type="module" src="/assets/index-E1.js"></script>',
      '  </head>',
      '  <body></body>',
      '</html>',
    ].join('\n');
    expect(withPreloads(html, ['<link a>', '<link b>'])).toBe(
      [
        '<html>',
        '  <head>',
        '    <script type="module" src="/assets/index-E1.js"></script>',
        '    <link a>',
        '    <link b>',
        '  </head>',
        '  <body></body>',
        '</html>',
      ].join('\n'),
    );
  });
});
