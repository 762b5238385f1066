import { fileURLToPath, URL } from 'node:url';

import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

import { contractForBrowser } from './build/contract-for-browser';
import { firstScreenGroup } from './build/first-load-chunks';
import { lucideIconImports } from './build/lucide-icon-imports';
import { precompress } from './build/precompress';
import { serviceWorker } from './build/service-worker';

const root = fileURLToPath(new URL('.', import.meta.url));
const REACT_ROUTER_PRODUCTION = fileURLToPath(
  new URL('../node_modules/react-router/dist/production/index.mjs', import.meta.url),
);
const port = Number.parseInt(process.env.VITE_PORT ?? '', 10);

// In development the gateway proxies every non-/api request to this dev server,
// so no proxy is configured here.
export default defineConfig(({ command }) => ({
  root,
  plugins: [
    contractForBrowser(),
    lucideIconImports(),
    react(),
    tailwindcss(),
    serviceWorker(),
    precompress(),
  ],
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      // react-router's package exports resolve to its development build even in production
      // (remix-run/react-router#14102), which keeps its dev warnings in the page's script.
      ...(command === 'build' ? { 'react-router': REACT_ROUTER_PRODUCTION } : {}),
    },
  },
  server: {
    port: Number.isFinite(port) && port > 0 ? port : 5173,
    strictPort: false,
  },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    // No preload helper nor the entry's list of every lazy chunk's files (about 3 KB gzip of the
    // first load): a lazy screen's chunk fetches its own imports once it arrives, and the screens
    // of the page being opened are already fetched at start (preloadScreensOf).
    modulePreload: false,
    rolldownOptions: {
      output: { codeSplitting: { groups: [firstScreenGroup(root)] } },
    },
  },
}));
