import { describe, expect, it } from 'vitest';
import { DAY_MS } from '@/lib/momentum/count-in';
import { dailySpans, startOfNewest } from '@/lib/momentum/daily-spans';

describe('spans of a topic from its daily counts', () => {
  const daily = new Map([
    [100, 2],
    [110, 3],
    [120, 4],
    [121, 5],
  ]);

  it('splits the total around the chart and the cut-off T (end of a day)', () => {
    const T = 121 * DAY_MS - 1; // end of day 120
    expect(dailySpans(daily, T, 105 * DAY_MS)).toEqual({ total: 14, newer: 5, inChart: 7 });
    expect(dailySpans(daily, null, null)).toEqual({ total: 14, newer: 0, inChart: 0 });
  });

  it('finds the day from which the newest n papers are', () => {
    expect(startOfNewest(daily, 5)).toBe(121 * DAY_MS);
    expect(startOfNewest(daily, 6)).toBe(120 * DAY_MS);
    expect(startOfNewest(daily, 100)).toBe(100 * DAY_MS);
    expect(startOfNewest(new Map(), 5)).toBe(0);
  });
});
