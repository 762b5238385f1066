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

/** How long ago, for a price's age: '0 s ago' … '59 s ago', '1 min ago' … '59 min ago', then '2 h ago'. */
export function formatAgo(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  if (seconds < 60) return `${seconds} s ago`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  return `${Math.floor(minutes / 60)} h ago`;
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/**
 * A time this week in the viewer's zone, as en-US writes it: 'Sun 11:00 PM'. Written out for the same
 * reason as formatNumber: home's matchday link is on the first screen, and the first
 * Intl.DateTimeFormat was a 150-ms task there in `profile:page` (4× slowdown).
 */
export function formatWeekdayTime(date: Date): string {
  const hours = date.getHours();
  const minutes = String(date.getMinutes()).padStart(2, '0');
  return `${WEEKDAYS[date.getDay()]} ${hours % 12 || 12}:${minutes} ${hours < 12 ? 'AM' : 'PM'}`;
}
