import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** Browser tests against the real embedded app (see global-setup.ts); files run one at a time. */
export default defineConfig({
  test: {
    name: 'e2e',
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['**/*.e2e.test.ts'],
    globalSetup: ['global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
