/**
 * A coin package of the Purchase Coins page (docs/spec/economy-admin-spec.md#9-business-constants-and-limits),
 * as the wallet's CoinPackage message carries it: prices are USD cents.
 */
export interface CoinPackageDefinition {
  id: string;
  name: string;
  priceCents: number;
  coins: number;
  description: string;
  isPopular: boolean;
}

/**
 * The fixed list of the spec, in its order. The wallet sells them and decides a purchase's price and
 * coins from the package id alone: what the client shows is only checked against it
 * (docs/design.md#3-money-one-ledger). The web's tests show them as the gateway answers them.
 */
export const COIN_PACKAGES: readonly CoinPackageDefinition[] = [
  {
    id: 'starter-stack',
    name: 'Starter Stack',
    priceCents: 1_100,
    coins: 25_000,
    description: 'Enough for a few packs and your first market buys.',
    isPopular: false,
  },
  {
    id: 'rare-roll',
    name: 'Rare Roll',
    priceCents: 2_000,
    coins: 50_000,
    description: 'Our most popular pick: chase Rares and Epics on the market.',
    isPopular: true,
  },
  {
    id: 'epic-edge',
    name: 'Epic Edge',
    priceCents: 3_300,
    coins: 75_000,
    description: 'Room to trade up to Epic cards and open a few Epic Packs.',
    isPopular: false,
  },
  {
    id: 'legend-vault',
    name: 'Legend Vault',
    priceCents: 6_000,
    coins: 150_000,
    description: 'Go after the Legendary stars of the league.',
    isPopular: false,
  },
  {
    id: 'ultra-stack',
    name: 'Ultra Stack',
    priceCents: 10_000,
    coins: 250_000,
    description: 'The biggest stack: Ultra Legendary territory.',
    isPopular: false,
  },
];
