import { type CountIn, DAY_MS } from './count-in';

export const WEEK_MS = 7 * DAY_MS;
export const CHART_WEEKS = 12;

export interface WeekCount {
  /** The week's Monday, `YYYY-MM-DD`, UTC. */
  weekStart: string;
  count: number;
  /** True for the last week when T falls before its end (its papers are still coming in). */
  partial: boolean;
}

/** 00:00 UTC of the Monday of the week containing t. UTC has no DST, so every week is exactly 7 days. */
export function mondayStart(t: number): number {
  const day = Math.floor(t / DAY_MS);
  // 1970-01-01 (day 0) was a Thursday: (day + 3) mod 7 is 0 on Mondays.
  const sinceMonday = (((day + 3) % 7) + 7) % 7;
  return (day - sinceMonday) * DAY_MS;
}

/**
 * The weekly chart: `weeks` calendar weeks starting on Monday (UTC), oldest first, the last one
 * containing T and counted only up to T.
 */
export function weeklyCounts(topic: CountIn, T: number, weeks = CHART_WEEKS): WeekCount[] {
  const lastStart = mondayStart(T);
  return chartWeeks(T, weeks).map(({ weekStart, partial }, i) => {
    const start = lastStart - (weeks - 1 - i) * WEEK_MS;
    return { weekStart, count: topic(start - 1, Math.min(start + WEEK_MS - 1, T)), partial };
  });
}

/** The chart's weeks for cutoff T (oldest first), without counts: the same for every topic. */
export function chartWeeks(T: number, weeks = CHART_WEEKS): Omit<WeekCount, 'count'>[] {
  const lastStart = mondayStart(T);
  const result: Omit<WeekCount, 'count'>[] = [];
  for (let i = weeks - 1; i >= 0; i--) {
    const start = lastStart - i * WEEK_MS;
    const end = start + WEEK_MS - 1; // last ms of Sunday
    result.push({ weekStart: new Date(start).toISOString().slice(0, 10), partial: T < end });
  }
  return result;
}

/**
 * A topic's weekly counts as the background sends them (numbers only: the weeks follow from the index's
 * cutoff, the same for every topic) turned back into the chart's weeks. Nothing without a cutoff.
 */
export function withWeeks(counts: readonly number[], T: number | null): WeekCount[] {
  if (T === null || counts.length === 0) return [];
  return chartWeeks(T, counts.length).map((week, i) => ({ ...week, count: counts[i]! }));
}
