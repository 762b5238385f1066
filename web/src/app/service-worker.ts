/**
 * Registers the service worker (dist/sw.js, written by `npm run build`) once the page has loaded, so
 * its precaching never competes with the first screen. Production builds only: in `npm run dev` a
 * worker would serve stale modules to Vite's hot reload.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js').catch((error: unknown) => {
      console.warn('Service worker not registered:', error);
    });
  });
}
