/**
 * Dates as the sites print them, turned into ISO 8601 (`YYYY-MM-DD`, or `YYYY-MM-DDTHH:MM:SSZ` when the
 * page gives a time, or `YYYY-MM` when it gives only a month). Anything not a real date gives undefined.
 */

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

function isoDate(year: number, month: number, day?: number): string | undefined {
  if (!Number.isInteger(year) || year < 1900 || year > 2200 || month < 1 || month > 12) return undefined;
  if (day === undefined) return `${year}-${pad(month)}`;
  const probe = new Date(Date.UTC(year, month - 1, day));
  if (probe.getUTCMonth() !== month - 1 || day < 1) return undefined;
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** `Jun`, `June`, `Sept` -> 6, 6, 9; anything else -> 0. */
function monthNumber(name: string): number {
  const lower = name.toLowerCase();
  const index = MONTHS.findIndex(
    (m) => m === lower || m.slice(0, 3) === lower || (lower === 'sept' && m === 'september'),
  );
  return index + 1;
}

/** Highwire meta dates: `2021/06/17`, `2021-06-17`, `2021/6`, `2021`; an ISO timestamp is kept. */
export function parseMetaDate(text: string | undefined): string | undefined {
  if (!text) return undefined;
  const value = text.trim();
  const stamp = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/.exec(
    value,
  );
  if (stamp) {
    const date = new Date(value);
    return Number.isNaN(date.getTime()) ? undefined : date.toISOString().replace(/\.\d{3}Z$/, 'Z');
  }
  const match = /^(\d{4})(?:[/-](\d{1,2})(?:[/-](\d{1,2}))?)?$/.exec(value);
  if (!match) return undefined;
  const [, y, m, d] = match;
  if (m === undefined) return Number(y) >= 1900 && Number(y) <= 2200 ? y : undefined;
  return isoDate(Number(y), Number(m), d === undefined ? undefined : Number(d));
}

/** arXiv submission history: `Thu, 17 Jun 2021 15:45:54 UTC` (the weekday is optional). */
export function parseSubmissionDate(text: string): string | undefined {
  const match = /(\d{1,2}) ([A-Za-z]{3,9}) (\d{4})(?: (\d{2}):(\d{2}):(\d{2}))?/.exec(text);
  if (!match) return undefined;
  const [, d, mon, y, hh, mm, ss] = match;
  const day = isoDate(Number(y), monthNumber(mon!), Number(d));
  if (!day || hh === undefined) return day;
  if (Number(hh) > 23 || Number(mm) > 59 || Number(ss) > 60) return day;
  return `${day}T${hh}:${mm}:${ss}Z`;
}

/** arXiv search results: `2 December, 2025`. */
export function parseDayMonthYear(text: string): string | undefined {
  const match = /(\d{1,2}) ([A-Za-z]{3,9}),? (\d{4})/.exec(text);
  if (!match) return undefined;
  const [, d, mon, y] = match;
  return isoDate(Number(y), monthNumber(mon!), Number(d));
}
