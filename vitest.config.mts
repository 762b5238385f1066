import { configDefaults, defineConfig } from 'vitest/config';

/**
 * `*.pg.test.ts` files need a real Postgres server (roles, several processes): they run in the
 * real-Postgres run (TEST_DATABASE_URL set, as CI does second) and are left out of the embedded run.
 */
const realPostgresOnly = process.env.TEST_DATABASE_URL ? [] : ['**/*.pg.test.ts'];
/**
 * The Kafka bus tests use librdkafka's mock cluster and no database, the alert rules' promtool
 * tests none either: the real-Postgres run would only repeat them (a minute of CI).
 */
const databaseFree = process.env.TEST_DATABASE_URL
  ? ['libs/kit/test/kafka-bus*.test.ts', 'tools/deploy/test/alert-rules.test.ts']
  : [];

const webTests = ['test/**/*.test.{ts,tsx}', 'src/**/*.test.{ts,tsx}'];
/** Web test files that replace modules with vi.mock (Stripe.js, the price chart): they need isolation. */
const mocksModules = [
  'test/purchase-coins-stripe.test.tsx',
  'test/stock-market.test.tsx',
  'test/live-prices.test.tsx',
];

/** Node workspaces (libs, protos, services, gateway) in one project; the web app has its own (jsdom). */
export default defineConfig({
  test: {
    // Vitest's default on a 2-core machine is one worker; the service tests spend much of their time
    // waiting (gRPC, the relay's polling, eventual consistency), so two files at a time fill the CPU.
    maxWorkers: 2,
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
          exclude: [...configDefaults.exclude, ...realPostgresOnly, ...databaseFree],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Worker threads, not child processes: the same files took a quarter less time (wallet and
          // trading suites, 91 s in forks and 68 s in threads on this 2-core machine).
          pool: 'threads',
        },
      },
      // The web components in one jsdom per worker instead of one per file: setting up jsdom and the
      // app's modules cost more than the tests themselves (the web project took 140 s isolated, 46 s
      // not). setup.ts cleans the DOM and sonner's toasts after every test.
      {
        extends: './web/vitest.config.ts',
        root: 'web',
        test: {
          name: 'web',
          include: webTests,
          exclude: [...configDefaults.exclude, ...mocksModules],
          isolate: false,
        },
      },
      // vi.mock replaces a module for one file only if that file gets its own module graph.
      { extends: './web/vitest.config.ts', root: 'web', test: { name: 'web-mocks', include: mocksModules } },
    ],
  },
});
