/**
 * Formats a coin amount or count with thousands separators, rounded to a whole number: 12345 ->
 * '12,345'. Written out rather than with Intl.NumberFormat: building the first formatter loads the
 * locale data, a long task of tens of milliseconds on a phone while the first screen renders.
 */
export function formatNumber(value: number): string {
  const whole = Math.round(Math.abs(value));
  const digits = String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return value < 0 && whole !== 0 ? `-${digits}` : digits;
}
