import { fileURLToPath, URL } from 'node:url';

import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

import { contractForBrowser } from './build/contract-for-browser';
import { precompress } from './build/precompress';
import { serviceWorker } from './build/service-worker';

const root = fileURLToPath(new URL('.', import.meta.url));
const port = Number.parseInt(process.env.VITE_PORT ?? '', 10);

// In development the gateway proxies every non-/api request to this dev server,
// so no proxy is configured here.
export default defineConfig({
  root,
  plugins: [contractForBrowser(), react(), tailwindcss(), serviceWorker(), precompress()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    port: Number.isFinite(port) && port > 0 ? port : 5173,
    strictPort: false,
  },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    // Every browser the app targets preloads modules natively; the polyfill would only add bytes.
    modulePreload: { polyfill: false },
  },
});
