/**
 * Dates as the extension's pages show them. Paper dates and weeks are UTC calendar days (arXiv's and the
 * momentum's clock), so they are formatted in UTC: a paper of Sep 10 reads "Sep 10" in every time zone.
 * Wall-clock moments (last update, next retry) are the reader's local time. What is no instant a Date holds
 * (a bad backup's 1e300) reads as unknown: formatting it would throw.
 */
import { isoTime, isTime } from '@/lib/dates';

const DAY = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});
const DAY_NO_YEAR = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const CLOCK = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });
const DAY_AND_CLOCK = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** "Sep 10, 2026" */
export function formatDay(ms: number): string {
  return isTime(ms) ? DAY.format(ms) : 'unknown date';
}

/** `2026-09-10`, the UTC day for a `<time datetime>`, or '' for what is no instant. */
export function isoDay(ms: number): string {
  return isoTime(ms)?.slice(0, 10) ?? '';
}

/**
 * The days of a window `(fromExclusive, toInclusive]` whose bounds are last milliseconds of UTC days, as the
 * momentum windows are: "Sep 7 – Oct 4".
 */
export function formatWindow(fromExclusive: number, toInclusive: number): string {
  return `${DAY_NO_YEAR.format(fromExclusive + 1)} – ${DAY_NO_YEAR.format(toInclusive)}`;
}

/** "Sep 28" for a `YYYY-MM-DD` week start (a Monday, UTC). */
export function formatWeekStart(weekStart: string): string {
  const ms = Date.parse(`${weekStart}T00:00:00Z`);
  return Number.isFinite(ms) ? DAY_NO_YEAR.format(ms) : weekStart;
}

/** "Week of Sep 28" */
export function weekLabel(weekStart: string): string {
  return `Week of ${formatWeekStart(weekStart)}`;
}

/** A moment for "last update" / "next retry": "3:05 PM" today, "Sep 28, 3:05 PM" otherwise. */
export function formatMoment(ms: number, now = Date.now()): string {
  if (!isTime(ms)) return 'unknown time';
  return new Date(ms).toDateString() === new Date(now).toDateString()
    ? CLOCK.format(ms)
    : DAY_AND_CLOCK.format(ms);
}

/** "just now", "5 min ago", "3 h ago", "2 days ago"; future moments read "in 5 min". */
export function formatRelative(ms: number, now = Date.now()): string {
  if (!isTime(ms) || !isTime(now)) return 'unknown time';
  const delta = now - ms;
  const minutes = Math.round(Math.abs(delta) / 60_000);
  if (minutes < 1) return delta >= 0 ? 'just now' : 'in less than a minute';
  const amount =
    minutes < 60
      ? `${minutes} min`
      : minutes < 48 * 60
        ? `${Math.round(minutes / 60)} h`
        : `${Math.round(minutes / 1440)} days`;
  return delta >= 0 ? `${amount} ago` : `in ${amount}`;
}
