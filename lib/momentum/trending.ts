import betaQuantile from '@stdlib/stats-base-dists-beta-quantile';
import { type Momentum, WINDOW_MS } from './compute-momentum';
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
 * `p0`, when given, is the "no change" to measure against instead of the whole index's (`categoryBaseline`):
 * θ is then the odds ratio (π / (1 - π)) / (p0 / (1 - p0)), which is the share ratio when p0 = N1 / (N1 + N0).
 */
export function shareRatioLowerBound(
  m: Pick<Momentum, 'recent' | 'previous' | 'allRecent' | 'allPrevious'>,
  p0 = indexBaseline(m),
) {
  if (!(p0 > 0 && p0 < 1)) return 0;
  const pi = betaQuantile(0.05, m.recent + PRIOR_PAPERS * p0, m.previous + PRIOR_PAPERS * (1 - p0));
  return (pi / (1 - pi)) * ((1 - p0) / p0);
}

/** The part of the two windows' papers that fell in the recent one, over the whole index (NaN when empty). */
function indexBaseline(m: Pick<Momentum, 'allRecent' | 'allPrevious'>): number {
  return m.allRecent / (m.allRecent + m.allPrevious);
}

/** A category's indexed papers in the two windows (the coarse layer: every arXiv category is a topic). */
export type CategoryWindows = (category: string) => { recent: number; previous: number } | undefined;

/** Pseudo-papers pulling a small category's own recent fraction towards the whole index's. */
const CATEGORY_PRIOR = 20;

/**
 * What "no change" is for a topic, given what the index is made of: the part of its papers expected in the
 * recent window if it kept its share of its own categories. Each of its papers (both windows, dated up to T)
 * is compared with the other papers of its most specific category, the one with the fewest indexed papers (a
 * cs.CV cross-list of cs.LG with cs.CV), whose recent fraction is smoothed towards the index's. The topic's
 * own papers are left out of its categories, so a topic that is much of its category can still rise in it.
 * When cs.CV cross-lists grow from 24% to 31% of the index, a vision topic that only kept its place among
 * them shows no rise.
 */
export function categoryBaseline(
  papers: readonly { categories: readonly string[]; published: number }[],
  categories: CategoryWindows,
  m: Pick<Momentum, 'allRecent' | 'allPrevious'>,
  T: number,
): number {
  const overall = indexBaseline(m);
  if (papers.length === 0 || !Number.isFinite(overall)) return overall;
  const mine = new Map<string, { recent: number; previous: number }>();
  for (const paper of papers) {
    for (const category of new Set(paper.categories)) {
      const counts = mine.get(category) ?? { recent: 0, previous: 0 };
      if (paper.published > T - WINDOW_MS) counts.recent++;
      else counts.previous++;
      mine.set(category, counts);
    }
  }
  let sum = 0;
  for (const paper of papers) {
    let own: string | undefined;
    let size = Number.POSITIVE_INFINITY;
    for (const category of paper.categories) {
      const counts = categories(category);
      const n = counts ? counts.recent + counts.previous : 0;
      if (n > 0 && n < size) [own, size] = [category, n];
    }
    const all = own === undefined ? undefined : categories(own);
    const topic = own === undefined ? undefined : mine.get(own);
    const recent = Math.max(0, (all?.recent ?? 0) - (topic?.recent ?? 0));
    const previous = Math.max(0, (all?.previous ?? 0) - (topic?.previous ?? 0));
    sum += (recent + CATEGORY_PRIOR * overall) / (recent + previous + CATEGORY_PRIOR);
  }
  return sum / papers.length;
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
  /** "No change" given the topic's own categories (`categoryBaseline`); the whole index's when absent. */
  baseline?: number;
}

/**
 * Significantly rising (or new) topics with enough papers that also rise against their own categories
 * (a cautious bound above 1), ranked by that bound; bursts concentrated in one week rank after every steady
 * rise, since a researcher cannot tell them from noise. The trend itself stays the index-wide one.
 */
export function rankTrending(candidates: readonly TrendCandidate[]): TrendCandidate[] {
  const scored = candidates
    .filter(
      (c) =>
        (c.momentum.trend === 'rising' || c.momentum.trend === 'new') &&
        c.momentum.recent >= MIN_TRENDING_RECENT,
    )
    .map((c) => ({ c, bound: shareRatioLowerBound(c.momentum, c.baseline) }))
    .filter((s) => s.bound > 1);
  scored.sort(
    (a, b) =>
      Number(a.c.burstWeek !== undefined) - Number(b.c.burstWeek !== undefined) ||
      b.bound - a.bound ||
      b.c.momentum.recent - a.c.momentum.recent,
  );
  return scored.map((s) => s.c);
}
