/**
 * How many more coins an action costing `cost` needs: 0 when the coins cover it or are not known yet
 * (then the server decides, as it always does: this check only saves the player a refused request).
 */
export function coinShortfall(coins: number | undefined, cost: number): number {
  if (coins === undefined || !Number.isFinite(cost) || cost <= 0) return 0;
  return Math.max(0, cost - coins);
}

/** 'You need 1,234 more coins' (one coin: 'You need 1 more coin'). */
export function shortfallText(shortfall: number): string {
  return `You need ${shortfall.toLocaleString('en-US')} more ${shortfall === 1 ? 'coin' : 'coins'}`;
}
