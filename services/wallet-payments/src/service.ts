import type { ServiceModule } from '@touchline/kit';
import { SERVICES } from '@touchline/protos';
import type { WalletHandlers } from '@touchline/protos/gen/touchline/wallet/Wallet';
import { cardMinter, createPeers, PEERS } from './peers';
import { walletConfigSchema, type WalletConfig } from './config';
import { walletConsumers } from './consumers';
import { migrations } from './db/migrations';
import { walletJobs } from './jobs';
import { createPayments } from './payments';
import { walletUseCases } from './server';
import type { WalletServiceDeps } from './use-cases/deps';
import { seedDemoPromoCodes } from './use-cases/seed-promo-codes';
import { handleStripeWebhook } from './use-cases/stripe-webhook';
import { readLedgerGauges } from './db/gauges';

/** wallet-payments: the double-entry coin ledger, payments, promo codes and cash-outs. */
export const walletService: ServiceModule<WalletConfig, WalletHandlers> = {
  name: 'wallet-payments',
  schema: 'wallet',
  grpcServiceName: SERVICES['wallet-payments'].serviceName,
  definition: () => SERVICES['wallet-payments'].definition(),
  migrations,
  configSchema: walletConfigSchema,
  peers: Object.values(PEERS),
  gauges: readLedgerGauges,
  create: async ({ config, db, outbox, clock, random, logger, peers }) => {
    const payments = await createPayments(config, { db, clock, random, logger });
    const clients = createPeers(peers, { defaultTimeoutMs: config.PEER_TIMEOUT_MS });
    const cards = cardMinter(clients.cards);
    const deps: WalletServiceDeps = {
      db,
      outbox,
      clock,
      logger,
      welcomeCoins: config.WELCOME_COINS,
      paymentsMode: payments.mode,
      payments: payments.provider,
      testPayments: payments.test,
      cards,
      promoMintRetryAfterMs: config.PROMO_MINT_RETRY_AFTER_MS,
    };
    // The test provider plays Stripe: its signed events enter through the real webhook use case.
    payments.test?.webhooks.deliverTo((payload, signature) =>
      handleStripeWebhook(deps, { payload, signature }),
    );
    if (payments.mode === 'test' && config.NODE_ENV === 'production')
      logger.warn('PAYMENTS_MODE=test: no real money is taken, and every cash-out is marked test');

    const demoCodes = await seedDemoPromoCodes(db, { seed: config.DEMO_PROMO_CODES });
    if (demoCodes.added.length > 0) logger.info({ codes: demoCodes.added }, 'seeded the demo promo codes');
    if (demoCodes.capped.length > 0)
      logger.warn({ codes: demoCodes.capped }, 'gave the demo promo codes left unlimited their total limit');
    return {
      useCases: walletUseCases(deps),
      consumers: walletConsumers(deps),
      jobs: walletJobs(deps, {
        sweepIntervalMs: config.PROMO_MINT_SWEEP_INTERVAL_MS,
        foldIntervalMs: config.PLATFORM_BALANCE_FOLD_INTERVAL_MS,
      }),
      close: async () => {
        await payments.test?.webhooks.close();
        clients.close();
      },
    };
  },
};
