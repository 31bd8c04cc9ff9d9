import { describe, expect, it } from 'vitest';
import {
  computeMomentum,
  countInDaily,
  countInSorted,
  DAY_MS,
  mondayStart,
  pickCutoff,
  weeklyCounts,
} from '../../../lib/momentum';
import { withWeeks } from '../../../lib/momentum/weekly-counts';

/** Deterministic pseudo-random times (a linear congruential generator), sorted. */
function randomTimes(count: number, from: number, span: number, seed = 7): number[] {
  let state = seed;
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    times.push(from + Math.floor((state / 2 ** 31) * span));
  }
  return times.sort((a, b) => a - b);
}

function dailyOf(times: readonly number[]): Map<number, number> {
  const daily = new Map<number, number>();
  for (const t of times) daily.set(Math.floor(t / DAY_MS), (daily.get(Math.floor(t / DAY_MS)) ?? 0) + 1);
  return daily;
}

describe('countInSorted', () => {
  const count = countInSorted([10, 20, 20, 30, 40]);
  it.each([
    [0, 100, 5],
    [10, 30, 3],
    [9, 10, 1],
    [10, 10, 0],
    [20, 19, 0],
    [19, 20, 2],
    [40, 1000, 0],
    [Number.NEGATIVE_INFINITY, Number.POSITIVE_INFINITY, 5],
  ])('(%d, %d] holds %d', (from, to, expected) => {
    expect(count(from, to)).toBe(expected);
  });

  it('is zero on an empty list', () => {
    expect(countInSorted([])(0, 1e15)).toBe(0);
  });
});

describe('countInDaily', () => {
  const from = Date.UTC(2026, 0, 1);
  const times = randomTimes(5000, from, 120 * DAY_MS);
  const sorted = countInSorted(times);
  const daily = countInDaily(dailyOf(times));

  it('equals the exact count when the bounds are last milliseconds of UTC days', () => {
    for (let end = from - 1; end < from + 130 * DAY_MS; end += 5 * DAY_MS) {
      for (const days of [1, 7, 28, 56, 300]) {
        expect(daily(end - days * DAY_MS, end)).toBe(sorted(end - days * DAY_MS, end));
      }
    }
  });

  it('gives the same momentum as exact times at a cut-off from pickCutoff', () => {
    const T = pickCutoff(times.at(-1)!);
    const topicTimes = times.filter((_, i) => i % 37 === 0);
    expect(computeMomentum(countInDaily(dailyOf(topicTimes)), daily, T)).toEqual(
      computeMomentum(countInSorted(topicTimes), sorted, T),
    );
  });

  it('counts a day by its start instant when a bound falls inside a day', () => {
    const noon = Date.UTC(2026, 0, 10, 12);
    const counts = countInDaily(new Map([[Math.floor(noon / DAY_MS), 4]]));
    expect(counts(noon - DAY_MS, noon)).toBe(4); // day start (00:00) is inside (noon-1d, noon]
    expect(counts(noon - 1000, noon)).toBe(0); // day start is before the range
  });

  it('handles unbounded ranges and empty maps', () => {
    expect(daily(Number.NEGATIVE_INFINITY, Number.POSITIVE_INFINITY)).toBe(5000);
    expect(countInDaily(new Map())(0, 1e13)).toBe(0);
    expect(daily(from + 10 * DAY_MS, from)).toBe(0);
  });
});

describe('weeklyCounts', () => {
  const wednesdayNoon = Date.UTC(2026, 5, 17, 12, 0, 0);

  it('rebuilds the chart from counts alone and the cutoff, as the UI receives them', () => {
    const times = [Date.UTC(2026, 5, 16), Date.UTC(2026, 5, 2), Date.UTC(2026, 5, 1, 8)].sort(
      (x, y) => x - y,
    );
    const weeks = weeklyCounts(countInSorted(times), wednesdayNoon);
    expect(
      withWeeks(
        weeks.map((w) => w.count),
        wednesdayNoon,
      ),
    ).toEqual(weeks);
    expect(weeks.slice(-3).map((w) => w.count)).toEqual([2, 0, 1]);
    expect(withWeeks([1, 2], null)).toEqual([]);
    // Data through a Sunday's last ms: that week is complete.
    const sundayEnd = Date.UTC(2026, 5, 22) - 1;
    expect(withWeeks([5], sundayEnd)).toEqual([{ weekStart: '2026-06-15', count: 5, partial: false }]);
  });

  it('returns 12 Monday-start UTC weeks, the last containing T and partial', () => {
    const weeks = weeklyCounts(countInSorted([]), wednesdayNoon);
    expect(weeks).toHaveLength(12);
    expect(weeks[0]!.weekStart).toBe('2026-03-30');
    expect(weeks[11]).toEqual({ weekStart: '2026-06-15', count: 0, partial: true });
    for (const [i, week] of weeks.entries()) {
      const start = Date.parse(`${week.weekStart}T00:00:00Z`);
      expect(new Date(start).getUTCDay()).toBe(1);
      // Exactly 7 days apart across the March DST changes (US 8 March, EU 29 March): UTC has none.
      if (i > 0) expect(start - Date.parse(`${weeks[i - 1]!.weekStart}T00:00:00Z`)).toBe(7 * DAY_MS);
      expect(week.partial).toBe(i === 11);
    }
  });

  it('puts Sunday 23:59:59.999 in one week and Monday 00:00 in the next, and stops at T', () => {
    const sundayLast = Date.UTC(2026, 5, 14, 23, 59, 59, 999);
    const monday = Date.UTC(2026, 5, 15);
    const times = [
      Date.UTC(2026, 2, 29, 23, 59),
      Date.UTC(2026, 2, 30),
      sundayLast,
      monday,
      monday,
      wednesdayNoon,
      wednesdayNoon + 1,
    ];
    const weeks = weeklyCounts(countInSorted(times), wednesdayNoon);
    expect(weeks.map((w) => w.count)).toEqual([1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 3]);
  });

  it('is not partial when T is the last ms of Sunday', () => {
    const weeks = weeklyCounts(countInSorted([]), Date.UTC(2026, 5, 21, 23, 59, 59, 999));
    expect(weeks.at(-1)).toMatchObject({ weekStart: '2026-06-15', partial: false });
  });

  it('starts a new week when T is exactly Monday 00:00', () => {
    const monday = Date.UTC(2026, 5, 22);
    const weeks = weeklyCounts(countInSorted([monday]), monday);
    expect(weeks.at(-1)).toEqual({ weekStart: '2026-06-22', count: 1, partial: true });
  });

  it('takes another number of weeks', () => {
    expect(weeklyCounts(countInSorted([]), wednesdayNoon, 3).map((w) => w.weekStart)).toEqual([
      '2026-06-01',
      '2026-06-08',
      '2026-06-15',
    ]);
  });
});

describe('mondayStart and pickCutoff', () => {
  it.each([
    [Date.UTC(2026, 5, 17, 12), Date.UTC(2026, 5, 15)],
    [Date.UTC(2026, 5, 15), Date.UTC(2026, 5, 15)],
    [Date.UTC(2026, 5, 14, 23, 59, 59, 999), Date.UTC(2026, 5, 8)],
    [Date.UTC(1970, 0, 1), Date.UTC(1969, 11, 29)],
    [Date.UTC(1969, 11, 28, 5), Date.UTC(1969, 11, 22)],
  ])('mondayStart(%d) = %d', (t, expected) => {
    expect(mondayStart(t)).toBe(expected);
  });

  it('cuts off at the last ms of the UTC day of the newest paper', () => {
    expect(pickCutoff(Date.UTC(2026, 5, 17, 9, 30))).toBe(Date.UTC(2026, 5, 17, 23, 59, 59, 999));
    expect(pickCutoff(Date.UTC(2026, 5, 17))).toBe(Date.UTC(2026, 5, 17, 23, 59, 59, 999));
    expect(pickCutoff(Date.UTC(2026, 5, 17, 23, 59, 59, 999))).toBe(Date.UTC(2026, 5, 17, 23, 59, 59, 999));
  });
});
