/**
 * Dates as numbers (ms since 1970, UTC) from outside (a backup file, a page, an old record) can be anything;
 * `new Date(ms).toISOString()` and `Intl.DateTimeFormat#format` throw beyond what a Date holds. These
 * bound them.
 */

/** The last instant a Date holds, either way (ECMAScript: 8.64e15 ms, about 275,760 years). */
const DATE_LIMIT = 8.64e15;

/** arXiv's first papers are of August 1991; no paper date is earlier. */
export const FIRST_PAPER_TIME = Date.UTC(1991, 0, 1);
/** Later than any date PaperPulse will see: a date past it is a bad one. */
export const LAST_TIME = Date.UTC(2200, 0, 1);

/** Whether `ms` is an instant a Date holds. */
export function isTime(ms: number): boolean {
  return Number.isFinite(ms) && Math.abs(ms) <= DATE_LIMIT;
}

/** `2026-10-01T00:00:00.000Z`, or undefined for what is no instant. */
export function isoTime(ms: number): string | undefined {
  return isTime(ms) ? new Date(ms).toISOString() : undefined;
}

/** A paper's date when it is a plausible one (1991 to 2199, whole ms), else 0: "not known". */
export function paperTime(ms: number): number {
  return Number.isInteger(ms) && ms >= FIRST_PAPER_TIME && ms < LAST_TIME ? ms : 0;
}
