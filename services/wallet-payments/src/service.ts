import type { ServiceModule } from '@touchline/kit';
import { SERVICES } from '@touchline/protos';
import type { WalletHandlers } from '@touchline/protos/gen/touchline/wallet/Wallet';
import { walletConfigSchema, type WalletConfig } from './config';
import { walletConsumers } from './consumers';
import { migrations } from './db/migrations';
import { walletUseCases } from './server';
import type { WalletDeps } from './use-cases/deps';

/** wallet-payments: the double-entry coin ledger, payments, promo codes and cash-outs. */
export const walletService: ServiceModule<WalletConfig, WalletHandlers> = {
  name: 'wallet-payments',
  schema: 'wallet',
  grpcServiceName: SERVICES['wallet-payments'].serviceName,
  definition: () => SERVICES['wallet-payments'].definition(),
  migrations,
  configSchema: walletConfigSchema,
  peers: ['cards-market'],
  create: ({ config, db, outbox, clock, logger }) => {
    const deps: WalletDeps = { db, outbox, clock, logger, welcomeCoins: config.WELCOME_COINS };
    return { useCases: walletUseCases(deps), consumers: walletConsumers(deps) };
  },
};
