import binomialCdf from '@stdlib/stats-base-dists-binomial-cdf';

/**
 * The emerging test, with momentum's discipline (lib/momentum/compute-momentum.ts): condition on
 * n = recent + previous papers using the phrase; under "no change in share", recent ~ Binomial(n, N1/(N1+N0))
 * with N1, N0 all papers in the recent window and the baseline. One-sided exact upper-tail p-value.
 * The windows differ in length (4 weeks against the 12 before), so `change` compares shares, not counts.
 */
export interface Rise {
  recent: number;
  previous: number;
  /** (recent/N1) / (previous/N0) - 1; null when previous = 0 ("new"). */
  change: number | null;
  p: number;
}

/** Fewer papers than this in the recent window is never "emerging" (three papers are an anecdote). */
export const MIN_RECENT = 6;
/**
 * Thousands of phrases are tested at once, so momentum's 0.05 would let hundreds of chance rises through;
 * 0.01 plus the doubling below and the topicality ranking keep the list to what the data shows.
 */
export const EMERGING_ALPHA = 0.01;
/** The share must at least double (+100%) on the baseline, or the phrase be absent from it. */
export const MIN_CHANGE = 1;

export function rise(recent: number, previous: number, allRecent: number, allPrevious: number): Rise {
  const n = recent + previous;
  const total = allRecent + allPrevious;
  const change = shareChange(recent, previous, allRecent, allPrevious);
  // P(X >= recent) as the lower tail of the complement, so tiny p-values keep their precision.
  const p =
    n === 0 || total === 0 ? 1 : Math.min(1, Math.max(0, binomialCdf(previous, n, allPrevious / total)));
  return { recent, previous, change, p };
}

/**
 * The rise of a phrase when it is emerging (`isEmerging`), else undefined; the exact test, the costly part,
 * is run only for a phrase with enough papers whose share at least doubled.
 */
export function emergingRise(
  recent: number,
  previous: number,
  allRecent: number,
  allPrevious: number,
): Rise | undefined {
  if (recent < MIN_RECENT) return undefined;
  const change = shareChange(recent, previous, allRecent, allPrevious);
  if (change !== null && !(change >= MIN_CHANGE)) return undefined;
  const r = rise(recent, previous, allRecent, allPrevious);
  return isEmerging(r) ? r : undefined;
}

function shareChange(recent: number, previous: number, allRecent: number, allPrevious: number) {
  return previous === 0 || allRecent === 0 ? null : (recent / allRecent) * (allPrevious / previous) - 1;
}

export function isEmerging(r: Rise): boolean {
  return r.recent >= MIN_RECENT && r.p < EMERGING_ALPHA && (r.change === null || r.change >= MIN_CHANGE);
}

/**
 * How strongly a phrase rose: the log2 share ratio with one pseudo-paper added to the baseline (so a
 * phrase absent before does not rise infinitely), times the log of its recent count (20 papers say more
 * than 6).
 */
export function riseStrength(r: Rise, allRecent: number, allPrevious: number): number {
  const ratio = r.recent / allRecent / ((r.previous + 1) / allPrevious);
  return Math.log2(Math.max(ratio, 1)) * Math.log(r.recent);
}
