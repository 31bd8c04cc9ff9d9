export const DAY_MS = 86_400_000;

/** How many items have a time t with `fromExclusive < t <= toInclusive` (ms since epoch). */
export type CountIn = (fromExclusive: number, toInclusive: number) => number;

/** Counts over a sorted list of times by binary search: O(log n) per question. */
export function countInSorted(sortedTimes: readonly number[]): CountIn {
  return (from, to) =>
    to <= from ? 0 : countAtOrBefore(sortedTimes, to) - countAtOrBefore(sortedTimes, from);
}

function countAtOrBefore(sorted: readonly number[], t: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! <= t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Counts over per-day totals (UTC day index `floor(t / DAY_MS)` -> count), the form the store keeps.
 * A day counts when its start instant lies in `(from, to]`. That equals the exact count whenever the
 * bounds are the last millisecond of a UTC day (as `pickCutoff` makes T, so T-28d and T-56d are too);
 * for other bounds the day containing `to` counts whole and the day containing `from` not at all.
 */
export function countInDaily(daily: ReadonlyMap<number, number>): CountIn {
  return (from, to) => {
    const firstDay = Math.floor(from / DAY_MS) + 1;
    const lastDay = Math.floor(to / DAY_MS);
    if (lastDay < firstDay) return 0;
    let total = 0;
    if (lastDay - firstDay + 1 <= daily.size) {
      for (let day = firstDay; day <= lastDay; day++) total += daily.get(day) ?? 0;
    } else {
      for (const [day, count] of daily) if (day >= firstDay && day <= lastDay) total += count;
    }
    return total;
  };
}
