import betaQuantile from '@stdlib/stats-base-dists-beta-quantile';
import type { Momentum } from './compute-momentum';
import { type CountIn, DAY_MS } from './count-in';

/** A topic needs this many papers in the last four weeks to trend: 13 against 1 is a curiosity, not news. */
export const MIN_TRENDING_RECENT = 8;
/** One week (or one author) holding this share of the recent papers is a burst, not a trend. */
export const BURST_SHARE = 0.5;

/** Pseudo-papers of "no change" that every topic starts from: a handful of papers cannot outweigh them. */
export const PRIOR_PAPERS = 10;

/**
 * A cautious estimate of how much a topic's share grew: the lower one-sided 95% bound of the share ratio
 * θ = (recent / N1) / (previous / N0). Given n = recent + previous, recent ~ Binomial(n, π) with
 * π = θN1 / (θN1 + N0) (the momentum test's model). π gets a Beta prior worth PRIOR_PAPERS papers centred on
 * no change (π0 = N1 / (N1 + N0)); the 5% quantile of its posterior, turned back into θ, is the bound. Small
 * counts are pulled towards "no change", so 13 vs 1 (bound 1.5) ranks below 60 vs 20 (1.8) and 28 vs 7 (1.6).
 */
export function shareRatioLowerBound(m: Pick<Momentum, 'recent' | 'previous' | 'allRecent' | 'allPrevious'>) {
  if (m.allRecent === 0 || m.allPrevious === 0) return 0;
  const p0 = m.allRecent / (m.allRecent + m.allPrevious);
  const pi = betaQuantile(0.05, m.recent + PRIOR_PAPERS * p0, m.previous + PRIOR_PAPERS * (1 - p0));
  return (pi * m.allPrevious) / ((1 - pi) * m.allRecent);
}

/**
 * The largest share of the recent window's papers that fell in one of its four weeks (the 7-day slices ending
 * at T). A steady stream puts about a quarter in each; a conference deadline or a single lab's batch puts most
 * of them in one.
 */
export function weekConcentration(topic: CountIn, T: number): { share: number; count: number } {
  let recent = 0;
  let top = 0;
  for (let w = 0; w < 4; w++) {
    const n = topic(T - (w + 1) * 7 * DAY_MS, T - w * 7 * DAY_MS);
    recent += n;
    top = Math.max(top, n);
  }
  return { share: recent === 0 ? 0 : top / recent, count: top };
}

/** The largest share of papers that one author is on (e.g. one group's batch of submissions). */
export function authorConcentration(papers: readonly { authors: readonly string[] }[]) {
  const counts = new Map<string, number>();
  for (const paper of papers) {
    for (const author of new Set(paper.authors)) counts.set(author, (counts.get(author) ?? 0) + 1);
  }
  let top: { author: string; count: number } | null = null;
  for (const [author, count] of counts) if (!top || count > top.count) top = { author, count };
  return {
    author: top?.author ?? null,
    count: top?.count ?? 0,
    share: papers.length ? (top?.count ?? 0) / papers.length : 0,
  };
}

export interface TrendCandidate {
  topic: string;
  momentum: Momentum;
  /** Papers of the busiest week of the four, when they are a burst. */
  burstWeek?: number;
}

/**
 * Significantly rising (or new) topics with enough papers, ranked by the lower bound of their share ratio;
 * bursts concentrated in one week rank after every steady rise, since a researcher cannot tell them from noise.
 */
export function rankTrending(candidates: readonly TrendCandidate[]): TrendCandidate[] {
  const scored = candidates
    .filter(
      (c) =>
        (c.momentum.trend === 'rising' || c.momentum.trend === 'new') &&
        c.momentum.recent >= MIN_TRENDING_RECENT,
    )
    .map((c) => ({ c, bound: shareRatioLowerBound(c.momentum) }));
  scored.sort(
    (a, b) =>
      Number(a.c.burstWeek !== undefined) - Number(b.c.burstWeek !== undefined) ||
      b.bound - a.bound ||
      b.c.momentum.recent - a.c.momentum.recent,
  );
  return scored.map((s) => s.c);
}
