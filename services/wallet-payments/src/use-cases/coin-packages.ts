import type { ListCoinPackagesResponse__Output as ListCoinPackagesResponse } from '@touchline/protos/gen/touchline/wallet/ListCoinPackagesResponse';
import { COIN_PACKAGES } from '../domain/coin-packages';

export function listCoinPackages(): ListCoinPackagesResponse {
  return { packages: COIN_PACKAGES.map((p) => ({ ...p })) };
}
