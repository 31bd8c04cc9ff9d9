import binomialCdf from '@stdlib/stats-base-dists-binomial-cdf';
import { type CountIn, DAY_MS } from './count-in';

export type Trend = 'rising' | 'cooling' | 'steady' | 'new';

export interface Momentum {
  /** Topic papers dated in (T-28d, T]. */
  recent: number;
  /** Topic papers dated in (T-56d, T-28d]. */
  previous: number;
  /** recent/previous - 1; null when previous = 0. */
  change: number | null;
  /** recent / allRecent; null when no paper at all is dated in the recent window. */
  share: number | null;
  trend: Trend;
  /**
   * One-sided exact binomial p-value: the upper tail when change >= 0 or previous = 0, else the lower tail.
   * Null when there is nothing to test: no topic paper in either window (n = 0) or no paper at all (N1+N0 = 0).
   */
  p: number | null;
  allRecent: number;
  allPrevious: number;
  /**
   * Whether the index held every paper of the topic's categories over the whole previous window. False: a
   * topic without papers there has no baseline, and is not `new`. Absent in answers from before it existed.
   */
  previousIndexed?: boolean;
}

/**
 * Whether the index held every paper of the topic's categories dated in [from, to] (ms, inclusive): the
 * index's coverage (lib/momentum/coverage.ts). A data set taken as complete holds everything (the default).
 */
export type Holds = (from: number, to: number) => boolean;

const HOLDS_ALL: Holds = () => true;

export const WINDOW_MS = 28 * DAY_MS;
export const SIGNIFICANCE = 0.05;
export const MIN_NEW = 3;

/**
 * Momentum of one topic at end time T, exactly as DESIGN.md "Momentum" defines it. Under "no change in
 * share", recent ~ Binomial(n = recent + previous, p0 = N1 / (N1 + N0)) with N1, N0 all papers in the two
 * windows. `rising` needs change >= +25% and upper-tail p < 0.05; `cooling` change <= -25% and lower-tail
 * p < 0.05; `new` previous = 0 and recent >= 3 and the index covered the whole previous window for the
 * topic's categories (`holds`); anything else is `steady`.
 */
export function computeMomentum(topic: CountIn, all: CountIn, T: number, holds: Holds = HOLDS_ALL): Momentum {
  const recent = topic(T - WINDOW_MS, T);
  const previous = topic(T - 2 * WINDOW_MS, T - WINDOW_MS);
  const allRecent = all(T - WINDOW_MS, T);
  const allPrevious = all(T - 2 * WINDOW_MS, T - WINDOW_MS);

  const change = previous === 0 ? null : recent / previous - 1;
  const share = allRecent === 0 ? null : recent / allRecent;
  const upper = previous === 0 || recent >= previous;
  const p = binomialTail(recent, recent + previous, allRecent, allPrevious, upper);

  // The previous window is (T-56d, T-28d], first and last millisecond included below.
  const previousIndexed = holds(T - 2 * WINDOW_MS + 1, T - WINDOW_MS);
  let trend: Trend = 'steady';
  // Thresholds compared in integers (4r >= 5p is r/p - 1 >= 0.25) so no rounding decides a trend.
  if (previous === 0) trend = recent >= MIN_NEW && previousIndexed ? 'new' : 'steady';
  else if (4 * recent >= 5 * previous && p !== null && p < SIGNIFICANCE) trend = 'rising';
  else if (4 * recent <= 3 * previous && p !== null && p < SIGNIFICANCE) trend = 'cooling';

  return { recent, previous, change, share, trend, p, allRecent, allPrevious, previousIndexed };
}

/**
 * P(X >= k) (upper) or P(X <= k) for X ~ Binomial(n, N1 / (N1 + N0)).
 * The upper tail is computed as the lower tail of the complement, P(n - X <= n - k) with success
 * probability N0 / (N1 + N0), so tiny p-values keep their precision instead of becoming 1 - 1 = 0.
 * p0 of 0 or 1 (a window with no papers at all) is a degenerate but valid distribution.
 */
function binomialTail(k: number, n: number, n1: number, n0: number, upper: boolean): number | null {
  if (n === 0 || n1 + n0 === 0) return null;
  const tail = upper ? binomialCdf(n - k, n, n0 / (n1 + n0)) : binomialCdf(k, n, n1 / (n1 + n0));
  return clamp01(tail);
}

function clamp01(x: number): number {
  return Math.min(1, Math.max(0, x));
}
