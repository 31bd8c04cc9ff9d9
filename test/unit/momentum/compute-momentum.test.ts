import { describe, expect, it } from 'vitest';
import { type CountIn, computeMomentum, countInSorted, DAY_MS, formatChange } from '../../../lib/momentum';

const T = Date.UTC(2026, 5, 17, 23, 59, 59, 999); // the last ms of Wednesday 17 June 2026
const W = 28 * DAY_MS;

/** `count` times spread inside (from, to], never on the excluded lower edge. */
function spread(count: number, from: number, to: number): number[] {
  return Array.from({ length: count }, (_, i) => to - Math.floor(((i + 0.5) * (to - from)) / count));
}

/** A CountIn with `recent` items in (T-28d, T] and `previous` in (T-56d, T-28d]. */
function windows(recent: number, previous: number): CountIn {
  return countInSorted(
    [...spread(previous, T - 2 * W, T - W), ...spread(recent, T - W, T)].sort((a, b) => a - b),
  );
}

/**
 * P(X >= k) or P(X <= k) for X ~ Binomial(n, p), summed term by term from the pmf recurrence
 * pmf(j+1) = pmf(j) * (n-j)/(j+1) * p/(1-p). Independent of the library the code uses.
 */
function binomialTail(k: number, n: number, p: number, upper: boolean): number {
  let pmf = (1 - p) ** n;
  let sum = 0;
  for (let j = 0; j <= n; j++) {
    if (upper ? j >= k : j <= k) sum += pmf;
    pmf = ((pmf * (n - j)) / (j + 1)) * (p / (1 - p));
  }
  return sum;
}

describe('computeMomentum', () => {
  it('28 vs 7 papers, share unchanged overall: +300%, rising, exact upper-tail p', () => {
    const m = computeMomentum(windows(28, 7), windows(1000, 1000), T);
    expect(m).toMatchObject({ recent: 28, previous: 7, change: 3, share: 0.028, trend: 'rising' });
    expect(m.allRecent).toBe(1000);
    expect(m.allPrevious).toBe(1000);
    // P(X >= 28), X ~ Bin(35, 1/2) = (C(35,28) + ... + C(35,35)) / 2^35, summed by hand:
    // 6724520 + 1623160 + 324632 + 52360 + 6545 + 595 + 35 + 1 = 8731848.
    expect(m.p).toBeCloseTo(8731848 / 2 ** 35, 15);
    expect(m.p! / binomialTail(28, 35, 0.5, true)).toBeCloseTo(1, 10);
    expect(formatChange(m)).toBe('+300%');
  });

  it('conditions on the overall growth: 28 vs 7 is steady when all papers grew 3x too', () => {
    const m = computeMomentum(windows(28, 7), windows(3000, 1000), T);
    expect(m.change).toBe(3);
    expect(m.p! / binomialTail(28, 35, 0.75, true)).toBeCloseTo(1, 10);
    expect(m.p).toBeGreaterThan(0.05);
    expect(m.trend).toBe('steady');
  });

  it('3 vs 1 is not rising: +200% but p = P(X >= 3 | Bin(4, 1/2)) = 5/16', () => {
    const m = computeMomentum(windows(3, 1), windows(500, 500), T);
    expect(m.change).toBe(2);
    expect(m.p).toBeCloseTo(5 / 16, 12);
    expect(m.trend).toBe('steady');
  });

  it('zero previous: "new" from 3 papers, steady below, change undefined', () => {
    const three = computeMomentum(windows(3, 0), windows(800, 900), T);
    expect(three).toMatchObject({ recent: 3, previous: 0, change: null, trend: 'new' });
    expect(three.p! / binomialTail(3, 3, 800 / 1700, true)).toBeCloseTo(1, 10);
    expect(formatChange(three)).toBe('new');
    expect(computeMomentum(windows(2, 0), windows(800, 900), T).trend).toBe('steady');
    expect(computeMomentum(windows(40, 0), windows(800, 900), T).trend).toBe('new');
  });

  it('empty windows: nothing to test, nothing to share', () => {
    const none = computeMomentum(windows(0, 0), windows(0, 0), T);
    expect(none).toEqual({
      recent: 0,
      previous: 0,
      change: null,
      share: null,
      trend: 'steady',
      p: null,
      allRecent: 0,
      allPrevious: 0,
      previousIndexed: true,
    });
    expect(formatChange(none)).toBe('no papers');
    const quiet = computeMomentum(windows(0, 0), windows(10, 10), T);
    expect(quiet).toMatchObject({ share: 0, p: null, trend: 'steady' });
  });

  it('cooling on a significant drop, with the lower tail', () => {
    const m = computeMomentum(windows(5, 30), windows(1000, 1000), T);
    expect(m.change).toBeCloseTo(5 / 30 - 1, 15);
    expect(m.p! / binomialTail(5, 35, 0.5, false)).toBeCloseTo(1, 10);
    expect(m.trend).toBe('cooling');
    expect(formatChange(m)).toBe('-83%');
    const gone = computeMomentum(windows(0, 12), windows(1000, 1000), T);
    expect(gone.p).toBeCloseTo(0.5 ** 12, 15);
    expect(gone).toMatchObject({ change: -1, trend: 'cooling' });
  });

  it('the ±25% thresholds are inclusive and both conditions are needed', () => {
    // p0 = 1/3: 50 vs 40 is exactly +25% and far above the expected 30 of 90.
    const up = computeMomentum(windows(50, 40), windows(500, 1000), T);
    expect(up).toMatchObject({ change: 0.25, trend: 'rising' });
    expect(up.p! / binomialTail(50, 90, 1 / 3, true)).toBeCloseTo(1, 8);
    const almost = computeMomentum(windows(49, 40), windows(500, 1000), T);
    expect(almost.p).toBeLessThan(0.05);
    expect(almost.trend).toBe('steady');
    // p0 = 2/3: 30 vs 40 is exactly -25% and far below the expected 46.7 of 70.
    const down = computeMomentum(windows(30, 40), windows(2000, 1000), T);
    expect(down).toMatchObject({ change: -0.25, trend: 'cooling' });
    expect(down.p! / binomialTail(30, 70, 2 / 3, false)).toBeCloseTo(1, 8);
    expect(computeMomentum(windows(31, 40), windows(2000, 1000), T).trend).toBe('steady');
  });

  it('equal counts: no change, upper tail', () => {
    const m = computeMomentum(windows(10, 10), windows(1000, 1000), T);
    expect(m).toMatchObject({ change: 0, trend: 'steady' });
    expect(m.p! / binomialTail(10, 20, 0.5, true)).toBeCloseTo(1, 10);
    expect(formatChange(m)).toBe('±0%');
  });

  it('keeps tiny p-values precise instead of rounding them to 0', () => {
    const m = computeMomentum(windows(100, 10), windows(1000, 1000), T);
    const expected = binomialTail(100, 110, 0.5, true);
    expect(expected).toBeLessThan(1e-18);
    expect(m.p! / expected).toBeCloseTo(1, 8);
  });

  it('window edges: T-28d is "previous", T is "recent", T-56d and after T are out', () => {
    const times = [T - 2 * W, T - 2 * W + 1, T - W, T - W + 1, T, T + 1].sort((a, b) => a - b);
    const m = computeMomentum(countInSorted(times), countInSorted(times), T);
    expect(m.recent).toBe(2); // T-28d+1, T
    expect(m.previous).toBe(2); // T-56d+1, T-28d
  });

  it('stays finite for degenerate baselines (topic papers outside the overall counts)', () => {
    const noRecentBaseline = computeMomentum(windows(5, 1), windows(0, 10), T);
    expect(noRecentBaseline).toMatchObject({ share: null, p: 0, trend: 'rising' });
    const noPreviousBaseline = computeMomentum(windows(5, 1), windows(10, 0), T);
    expect(noPreviousBaseline.p).toBe(1);
    expect(noPreviousBaseline.trend).toBe('steady');
  });
});
