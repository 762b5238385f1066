import { configDefaults, defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

/**
 * One run, each integration test on the engine it needs. With TEST_DATABASE_URL (and TEST_REDIS_URL)
 * set, as CI sets them, the node project runs on that Postgres and Redis, `*.pg.test.ts` included (they
 * need a real server: roles, several processes); without them it runs on PGlite and the in-memory
 * store, and the `*.pg.test.ts` files are left out.
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const realPostgresOnly = onPostgres ? [] : ['**/*.pg.test.ts'];

/**
 * What embedded mode (`npm start`: one PGlite shared by every service, the in-memory store and
 * channel) must prove beyond the browser tests, which already run against the embedded app: one
 * session's transactions taking turns, a deadlock victim retried, the money races on one shared
 * session, and replicas signalling through the in-memory channel and cache. On a Postgres run these
 * files run a second time in the `embedded` project, on PGlite; without Postgres the node project
 * already runs them there.
 */
const embeddedProofs = [
  'libs/kit/test/migrate.test.ts',
  'libs/kit/test/transaction-retry.test.ts',
  'services/wallet-payments/test/races.test.ts',
  'services/notifications/test/live.test.ts',
  'services/leaderboard/test/replicas.test.ts',
];

// Vitest's default on a 2-core machine is one worker; the service tests spend much of their time
// waiting (gRPC, the relay's polling, eventual consistency), so two files at a time fill the CPU.
// Every project says it: Vitest 5 runs projects of one group order with one worker count.
const maxWorkers = 2;

const nodeTest = {
  maxWorkers,
  environment: 'node',
  testTimeout: 30_000,
  hookTimeout: 60_000,
  // Child processes, not worker threads: on Node 24, PGlite instances made and freed in worker
  // threads of one process abort V8 ("Check failed: jit_page_->allocations_.erase(addr) == 1",
  // nodejs/node#64500, open). Threads were a quarter quicker on Node 20.
  pool: 'forks',
} as const;

const nodeProject: TestProjectInlineConfiguration = {
  test: {
    ...nodeTest,
    name: 'node',
    include: [
      'libs/*/test/**/*.test.ts',
      'protos/test/**/*.test.ts',
      'services/*/test/**/*.test.ts',
      'gateway/test/**/*.test.ts',
      'tools/*/test/**/*.test.ts',
    ],
    exclude: [...configDefaults.exclude, ...realPostgresOnly],
  },
};

/** The embedded proofs on PGlite and in memory even when the run has Postgres and Redis. */
const embeddedProject: TestProjectInlineConfiguration = {
  test: {
    ...nodeTest,
    name: 'embedded',
    include: embeddedProofs,
    // Empty is unset for the test harness (libs/kit/src/testing): PGlite and the in-memory store.
    env: { TEST_DATABASE_URL: '', TEST_REDIS_URL: '' },
  },
};

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
    maxWorkers,
    projects: [
      nodeProject,
      ...(onPostgres ? [embeddedProject] : []),
      // The web components in one jsdom per worker instead of one per file: setting up jsdom and the
      // app's modules cost more than the tests themselves. setup.ts cleans the DOM and sonner's
      // toasts after every test.
      {
        extends: './web/vitest.config.ts',
        root: 'web',
        test: {
          name: 'web',
          maxWorkers,
          include: webTests,
          exclude: [...configDefaults.exclude, ...mocksModules],
          isolate: false,
        },
      },
      // vi.mock replaces a module for one file only if that file gets its own module graph.
      {
        extends: './web/vitest.config.ts',
        root: 'web',
        test: { name: 'web-mocks', maxWorkers, include: mocksModules },
      },
    ],
  },
});
