import { baseConfigSchema, createLogger, createPostgresDatabase, loadConfig, migrate } from '@touchline/kit';
import { kitMigrations } from '@touchline/kit/kit-migrations';
import { SERVICE_MODULES } from '@touchline/launcher/services';

/**
 * `node dist/server/migrate.js <service>`: brings one service's schema up to date and exits. The
 * chart runs it as a pre-install/pre-upgrade Job with that service's own database role, so a broken
 * migration stops a release before any pod rolls. It runs exactly what the service runs on boot
 * (the kit's tables, then the service's own, under the same advisory lock), so either may go first.
 */
async function main(): Promise<void> {
  const name = process.argv[2];
  const module = SERVICE_MODULES.find((m) => m.name === name);
  if (!module) {
    console.error(`usage: migrate <service>, one of: ${SERVICE_MODULES.map((m) => m.name).join(', ')}`);
    process.exit(2);
  }
  const config = loadConfig(baseConfigSchema);
  if (!config.DATABASE_URL) {
    console.error('migrate: DATABASE_URL is not set (migrations run only against a real Postgres)');
    process.exit(2);
  }
  const logger = createLogger({
    service: `${module.name}-migrate`,
    level: config.LOG_LEVEL,
    format: config.LOG_FORMAT,
  });
  const db = createPostgresDatabase(config.DATABASE_URL, module.schema, 1);
  try {
    const applied = await migrate(db, module.schema, [...kitMigrations, ...module.migrations]);
    logger.info(
      { schema: module.schema, applied },
      applied.length ? 'migrated' : 'schema already up to date',
    );
  } finally {
    await db.destroy();
  }
}

main().catch((error: unknown) => {
  console.error(`migrate: ${(error as Error).message}`);
  process.exit(1);
});
