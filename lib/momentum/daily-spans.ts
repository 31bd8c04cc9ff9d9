import { DAY_MS } from './count-in';

/**
 * What the topic page says about a topic's papers, from its kept daily counts (never a count of the papers
 * store, which grows with the topic): all of them, those in the chart's weeks (through T), and those newer
 * than T. T and the chart's start are day boundaries (lib/momentum/cutoff.ts), so day counts are exact.
 */
export function dailySpans(daily: ReadonlyMap<number, number>, T: number | null, chartStart: number | null) {
  const lastDay = T === null ? Number.POSITIVE_INFINITY : Math.floor(T / DAY_MS);
  const firstDay = chartStart === null ? Number.POSITIVE_INFINITY : Math.floor(chartStart / DAY_MS);
  let total = 0;
  let newer = 0;
  let inChart = 0;
  for (const [day, n] of daily) {
    total += n;
    if (day > lastDay) newer += n;
    else if (day >= firstDay) inChart += n;
  }
  return { total, newer, inChart };
}

/**
 * The start (ms) of the latest day from which on the topic has at least `n` papers (its first day when it has
 * fewer): reading the topic's papers from there gets its `n` newest with at most a day's papers more.
 */
export function startOfNewest(daily: ReadonlyMap<number, number>, n: number): number {
  const days = [...daily.keys()].sort((a, b) => b - a);
  let seen = 0;
  for (const day of days) {
    seen += daily.get(day)!;
    if (seen >= n) return day * DAY_MS;
  }
  return days.length ? days.at(-1)! * DAY_MS : 0;
}
