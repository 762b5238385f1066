import type { UseCases } from '@touchline/kit';
import type { WalletHandlers } from '@touchline/protos/gen/touchline/wallet/Wallet';

/**
 * Maps each Wallet RPC onto its use case. None is built yet: every RPC answers UNIMPLEMENTED
 * (HTTP 501 at the gateway) until its issue lands.
 */
export function walletUseCases(): UseCases<WalletHandlers> {
  return {};
}
