import { createPromiseClient, type ClientOptions } from '@touchline/kit';
import { SERVICES } from '@touchline/protos';
import type { WalletDefinition } from '@touchline/protos/gen/touchline/wallet/Wallet';

export function createWalletClient(address: string, options: ClientOptions) {
  return createPromiseClient<WalletDefinition>(SERVICES['wallet-payments'].definition(), address, options);
}
export type WalletClient = ReturnType<typeof createWalletClient>;
