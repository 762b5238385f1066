import type { ServiceModule } from '@touchline/kit';
import { SERVICES } from '@touchline/protos';
import type { WalletHandlers } from '@touchline/protos/gen/touchline/wallet/Wallet';
import { cardsMarketMinter } from './cards';
import { walletConfigSchema, type WalletConfig } from './config';
import { walletConsumers } from './consumers';
import { migrations } from './db/migrations';
import { walletJobs } from './jobs';
import { createPayments } from './payments';
import { walletUseCases } from './server';
import type { WalletServiceDeps } from './use-cases/deps';
import { seedPromoCodes } from './use-cases/seed-promo-codes';
import { handleStripeWebhook } from './use-cases/stripe-webhook';

/** wallet-payments: the double-entry coin ledger, payments, promo codes and cash-outs. */
export const walletService: ServiceModule<WalletConfig, WalletHandlers> = {
  name: 'wallet-payments',
  schema: 'wallet',
  grpcServiceName: SERVICES['wallet-payments'].serviceName,
  definition: () => SERVICES['wallet-payments'].definition(),
  migrations,
  configSchema: walletConfigSchema,
  peers: ['cards-market'],
  create: async ({ config, db, outbox, clock, random, logger, peers }) => {
    const payments = createPayments(config, { db, clock, random, logger });
    const cards = cardsMarketMinter(peers['cards-market']!);
    const deps: WalletServiceDeps = {
      db,
      outbox,
      clock,
      logger,
      welcomeCoins: config.WELCOME_COINS,
      payments: payments.provider,
      testPayments: payments.test,
      cards,
      promoMintRetryAfterMs: config.PROMO_MINT_RETRY_AFTER_MS,
    };
    // The test provider plays Stripe: its signed events enter through the real webhook use case.
    payments.test?.webhooks.deliverTo((payload, signature) =>
      handleStripeWebhook(deps, { payload, signature }),
    );
    if (payments.provider.mode === 'test' && config.NODE_ENV === 'production')
      logger.warn('STRIPE_SECRET_KEY is not set: payments run in TEST MODE and no real money is taken');

    const promoSeed = config.PROMO_SEED ?? (config.NODE_ENV === 'production' ? 'none' : 'dev');
    if (promoSeed === 'dev') {
      const added = await seedPromoCodes(db);
      if (added.length > 0) logger.info({ codes: added }, 'seeded the demo promo codes');
    }
    return {
      useCases: walletUseCases(deps),
      consumers: walletConsumers(deps),
      jobs: walletJobs(deps, config.PROMO_MINT_SWEEP_INTERVAL_MS),
      close: async () => {
        await payments.test?.webhooks.close();
        cards.close();
      },
    };
  },
};
