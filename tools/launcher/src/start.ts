import { z } from 'zod';
import { loadConfig, optionalEnv } from '@touchline/kit/config';
import { openEmbeddedDatabase } from './embedded-database';
import { buildIfMissing, WEB_DIST } from './build-if-missing';

const startConfig = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  DATA_DIR: z.string().default('.data'),
  /** Set by `npm run dev`: pages come from the Vite dev server instead of web/dist. */
  DEV_WEB_URL: optionalEnv(z.url()),
});

/** What the banner says about who can reach the app. */
function listeningNote(host: string): string {
  const loopback = host === '127.0.0.1' || host === '::1' || host === 'localhost';
  return loopback
    ? `Listening on ${host} only: this machine alone can open it (set HOST=0.0.0.0 to share it on your network).`
    : `Listening on ${host} (HOST): other machines can reach it by the name in PUBLIC_URL or ALLOWED_HOSTS (any other Host gets 421). The dev mailbox still answers this machine only.`;
}

/** `npm start`: the whole of Touchline in one process at http://localhost:8080. */
async function main(): Promise<void> {
  const started = Date.now();
  let config;
  try {
    config = loadConfig(startConfig);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  buildIfMissing({ web: !config.DEV_WEB_URL });
  // The database is made (first start) or opened while the services' code loads.
  const database = openEmbeddedDatabase(config.DATA_DIR);
  database.catch(() => {}); // startEmbedded awaits it and reports the failure
  const { startEmbedded } = await import('./embedded');
  const app = await startEmbedded({
    port: config.PORT,
    dataDir: config.DATA_DIR,
    webDist: WEB_DIST,
    devWebUrl: config.DEV_WEB_URL,
    database,
  });
  console.log(
    `\nTouchline is ready at ${app.url} (started in ${((Date.now() - started) / 1000).toFixed(1)} s)\n${listeningNote(app.host)}\n`,
  );
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: shutting down…`);
    void app.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
}

/** Settles once Touchline is ready (start.mjs then keeps V8's code cache of this start). */
export const started = main().catch((error: unknown) => {
  console.error('Touchline failed to start:', error);
  process.exit(1);
});
