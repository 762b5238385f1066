import { createPromiseClient, type PromiseClient } from '@touchline/kit';
import { SERVICES } from '@touchline/protos';
import type { WalletDefinition } from '@touchline/protos/gen/touchline/wallet/Wallet';

export type WalletClient = PromiseClient<WalletDefinition>;

export function createWalletClient(address: string): WalletClient {
  return createPromiseClient<WalletDefinition>(SERVICES['wallet-payments'].definition(), address);
}

export const userAccount = (userId: number) => `user:${userId}`;
export const MARKET_ACCOUNT = 'platform:market';
