import { fileURLToPath, URL } from 'node:url';

import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/** The web app's tests; the root vitest.config.mts runs them as two projects (see there). */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./test/setup.ts'],
    testTimeout: 30_000,
    restoreMocks: true,
    // Fake timers leave animation frames to jsdom: one faked while jsdom starts its frame clock
    // stops every later frame of the shared environment (isolate: false in the root config).
    fakeTimers: {
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
    },
    unstubGlobals: true,
  },
});
