/* The Touchline service worker. `npm run build` writes it to dist/sw.js with, above this line,
 * VERSION (a hash of the build's files) and PRECACHE (the shell: '/', every hashed script and
 * style, the manifest and the favicon).
 *
 * - Install: fetch every PRECACHE file into a cache of this version.
 * - Pages (navigations): the cached shell at once, so a returning player opens the app instantly,
 *   even offline; the shell is fetched again in the background for the next visit.
 * - Hashed assets (/assets/): from the cache, else the network (and kept); their names change with
 *   their content, so a cached one is never stale.
 * - /api, the dev mailbox, health checks and other origins: never touched, never cached.
 * - Activate: delete the caches of other versions. A new version waits until the app's tabs are
 *   closed (no skipWaiting), so an open tab never loses the files of the version it runs.
 */
/* global VERSION, PRECACHE */
const CACHE = `touchline-${VERSION}`;
const SHELL = '/';

const isBackend = (path) =>
  path === '/api' ||
  path.startsWith('/api/') ||
  path.startsWith('/dev/') ||
  ['/healthz', '/readyz', '/livez'].includes(path);

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(PRECACHE)));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys
            .filter((key) => key.startsWith('touchline-') && key !== CACHE)
            .map((key) => caches.delete(key)),
        ),
      ),
  );
});

async function shell(event) {
  const cache = await caches.open(CACHE);
  const fresh = fetch(SHELL, { cache: 'no-cache' }).then(async (response) => {
    if (response.ok) await cache.put(SHELL, response.clone());
    return response;
  });
  const cached = await cache.match(SHELL);
  if (cached) {
    event.waitUntil(fresh.catch(() => undefined));
    return cached;
  }
  return fresh;
}

async function asset(request) {
  const cache = await caches.open(CACHE);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin || isBackend(url.pathname)) return;
  if (request.mode === 'navigate') event.respondWith(shell(event));
  else if (url.pathname.startsWith('/assets/')) event.respondWith(asset(request));
  else if (PRECACHE.includes(url.pathname))
    event.respondWith(caches.match(url.pathname).then((cached) => cached ?? fetch(request)));
});
