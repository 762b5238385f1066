const integerFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** Formats a coin amount or count with thousands separators: 12345 -> '12,345'. */
export function formatNumber(value: number): string {
  return integerFormat.format(value);
}
