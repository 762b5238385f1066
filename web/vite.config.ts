import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, URL } from 'node:url';

import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

import { baseGroup } from './build/base-chunk';
import { cardArtGroup } from './build/card-art-chunk';
import { contractForBrowser } from './build/contract-for-browser';
import { firstScreenGroup, isFirstScreenChunk } from './build/first-load-chunks';
import { lucideIconImports } from './build/lucide-icon-imports';
import { pagePreloadsPlugin } from './build/page-preloads';
import { precompress } from './build/precompress';
import { serviceWorker } from './build/service-worker';

const root = fileURLToPath(new URL('.', import.meta.url));
// Wherever npm placed it (the root's node_modules or the web workspace's own).
const REACT_ROUTER_PRODUCTION = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
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
    pagePreloadsPlugin(),
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
    // The page preloads the entry's own imports (React and the rest), so they come beside the
    // entry rather than one round trip after it. Of the lazy chunks, the entry lists the imports of
    // the first-screen chunk only, so a returning player's home fetches them beside it. Every lazy
    // chunk's list would cost about 3 KB gzip of each first load: other screens fetch their imports
    // once they arrive, and the screens of the page being opened are fetched at start
    // (preloadScreensOf).
    modulePreload: {
      polyfill: false,
      resolveDependencies: (chunk, deps, { hostType }) =>
        hostType === 'html' || isFirstScreenChunk(chunk) ? deps : [],
    },
    rolldownOptions: {
      output: { codeSplitting: { groups: [baseGroup(), cardArtGroup(root), firstScreenGroup(root)] } },
    },
  },
}));
