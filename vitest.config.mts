import { defineConfig } from 'vitest/config';

/** Node workspaces (libs, protos, services, gateway) in one project; the web app has its own (jsdom). */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'node',
          include: [
            'libs/*/test/**/*.test.ts',
            'protos/test/**/*.test.ts',
            'services/*/test/**/*.test.ts',
            'gateway/test/**/*.test.ts',
          ],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
      'web/vitest.config.ts',
    ],
  },
});
