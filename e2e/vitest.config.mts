import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * Browser tests against the real embedded app: two files at a time, each worker against its own app
 * (global-setup.ts, support/app.ts).
 */
export default defineConfig({
  test: {
    name: 'e2e',
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['**/*.e2e.test.ts'],
    globalSetup: ['global-setup.ts'],
    // A test's flow of several UI sign-ups and trades takes up to a minute beside another file on two
    // cores. Above signUpOnPage's own 90 s wait, so that a sign-up that never arrives reports what its
    // page saw instead of being cut off by the test's timeout. No retry: a failure is a failure.
    testTimeout: 150_000,
    hookTimeout: 120_000,
    // expect.poll waits for what the app does after an answer (a balance after a live event). Its
    // default, one second, is a timed assertion in disguise: on two shared cores a second passes.
    expect: { poll: { timeout: 20_000, interval: 100 } },
    // global-setup.ts starts one app per worker, as many as this says. A literal, not an import from
    // a .ts file: Vite's config loader prints a notice for such an import.
    maxWorkers: 2,
  },
});
