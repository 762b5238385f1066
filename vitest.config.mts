import { configDefaults, defineConfig } from 'vitest/config';

/**
 * `*.pg.test.ts` files need a real Postgres server (roles, several processes): they run in the
 * real-Postgres run (TEST_DATABASE_URL set, as CI does second) and are left out of the embedded run.
 */
const realPostgresOnly = process.env.TEST_DATABASE_URL ? [] : ['**/*.pg.test.ts'];
/**
 * The Kafka bus tests use librdkafka's mock cluster and no database: the real-Postgres run would
 * only repeat them (a minute of CI).
 */
const databaseFree = process.env.TEST_DATABASE_URL ? ['libs/kit/test/kafka-bus*.test.ts'] : [];

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
          pool: 'forks',
        },
      },
      'web/vitest.config.ts',
    ],
  },
});
