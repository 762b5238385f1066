import { COIN_PACKAGES, type CoinPackageDefinition } from '@touchline/rules';

/** The spec's coin packages: one table in @touchline/rules, which the web's tests show too. */
export { COIN_PACKAGES };

export function findCoinPackage(id: string): CoinPackageDefinition | undefined {
  return COIN_PACKAGES.find((p) => p.id === id);
}
