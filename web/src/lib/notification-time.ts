import { differenceInHours, differenceInMinutes, format } from 'date-fns';

/**
 * A notification's time as the spec's popover shows it: under 60 minutes 'N min(s) ago', under 24
 * hours 'N hour(s) ago', otherwise 'MMM d, h:mm a' (local time). A time a little ahead of this
 * device's clock reads '0 mins ago'.
 */
export function formatNotificationTime(timestamp: string, now: Date = new Date()): string {
  const date = new Date(timestamp);
  if (Number.isNaN(date.getTime())) return '';
  const minutes = Math.max(0, differenceInMinutes(now, date));
  if (minutes < 60) return `${minutes} ${minutes === 1 ? 'min' : 'mins'} ago`;
  const hours = differenceInHours(now, date);
  if (hours < 24) return `${hours} ${hours === 1 ? 'hour' : 'hours'} ago`;
  return format(date, 'MMM d, h:mm a');
}
