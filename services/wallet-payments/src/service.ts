import type { ServiceModule } from '@touchline/kit';
import { SERVICES } from '@touchline/protos';
import type { WalletHandlers } from '@touchline/protos/gen/touchline/wallet/Wallet';
import { migrations } from './db/migrations';
import { walletUseCases } from './server';

/** wallet-payments: the double-entry coin ledger, payments, promo codes and cash-outs. */
export const walletService: ServiceModule<unknown, WalletHandlers> = {
  name: 'wallet-payments',
  schema: 'wallet',
  grpcServiceName: SERVICES['wallet-payments'].serviceName,
  definition: () => SERVICES['wallet-payments'].definition(),
  migrations,
  peers: ['cards-market'],
  create: () => ({ useCases: walletUseCases() }),
};
