import { configDefaults, defineConfig } from 'vitest/config';

/**
 * `*.pg.test.ts` files need a real Postgres server (roles, several processes): they run in the
 * real-Postgres run (TEST_DATABASE_URL set, as CI does second) and are left out of the embedded run.
 */
const realPostgresOnly = process.env.TEST_DATABASE_URL ? [] : ['**/*.pg.test.ts'];

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
            'tools/*/test/**/*.test.ts',
          ],
          exclude: [...configDefaults.exclude, ...realPostgresOnly],
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
