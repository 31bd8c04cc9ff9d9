import { type Features, type Scorer, scoreFeatures } from '../topics/scoring/topic-scorer';

/**
 * Cross-fit margins (issue 37): the margin of each taught paper (example, "yes", "not this") under a scorer
 * that was not trained on it. A scorer scores the papers it was trained on above every held-out paper (the
 * examples) or pushes them down (the "not this" marks), so their own margins say nothing about where the
 * topic's edge is; margins from a scorer trained without them do, and thresholds can then be fitted to them.
 */

/**
 * Margins of `positives` then `negatives` (in that order), each from a scorer `train`ed on the other folds:
 * the taught papers are dealt into `folds` folds by position (positives first, so both kinds spread over the
 * folds), at most as many as there are positives, so every fold's scorer has one to learn from. Fewer than
 * two positives, or `folds` below 2: undefined (no scorer can be trained without a fold's papers).
 * Costs `folds` trainings.
 */
export function crossFitMargins(
  positives: readonly Features[],
  negatives: readonly Features[],
  folds: number,
  train: (positives: Features[], negatives: Features[]) => Scorer,
): number[] | undefined {
  const k = Math.min(Math.floor(folds), positives.length);
  if (k < 2) return undefined;
  const taught = [...positives, ...negatives];
  const margins = new Array<number>(taught.length).fill(0);
  for (let fold = 0; fold < k; fold++) {
    const inFold = (i: number) => i % k === fold;
    const scorer = train(
      positives.filter((_, i) => !inFold(i)),
      negatives.filter((_, j) => !inFold(positives.length + j)),
    );
    taught.forEach((x, i) => {
      if (inFold(i)) margins[i] = scoreFeatures(scorer, x);
    });
  }
  return margins;
}

/**
 * A threshold on the margin fitted to labelled margins (cross-fit ones): of `placed` (the held-out quantile)
 * and the cuts between the sorted margins, the one that maximises F1 of "margin > threshold" over
 * `positives` and `negatives`, the nearest to `placed` among equals; then kept within [`low`, `high`].
 * So marks lower a threshold as well as raise it. Without positives, F1 is 0 everywhere: raised over the
 * highest negative instead (up to `high`). Without either: `placed`.
 */
export function separatingThreshold(
  placed: number,
  positives: readonly number[],
  negatives: readonly number[],
  low: number,
  high: number,
): number {
  if (low > high) throw new Error(`separatingThreshold: low ${low} is above high ${high}`);
  const clamp = (t: number) => Math.min(high, Math.max(low, t));
  if (positives.length === 0)
    return negatives.length === 0 ? placed : Math.max(placed, Math.min(Math.max(...negatives), high));
  const sorted = [...new Set([...positives, ...negatives])].sort((a, b) => a - b);
  const cuts = [placed, sorted[0]! - 1e-6, ...sorted.map((m, i) => (m + (sorted[i + 1] ?? m + 2e-6)) / 2)];
  let best = placed;
  let bestF1 = -1;
  for (const cut of cuts) {
    const f1 = f1At(cut, positives, negatives);
    if (f1 > bestF1 || (f1 === bestF1 && Math.abs(cut - placed) < Math.abs(best - placed))) {
      best = cut;
      bestF1 = f1;
    }
  }
  return clamp(best);
}

function f1At(threshold: number, positives: readonly number[], negatives: readonly number[]): number {
  const tp = positives.filter((m) => m > threshold).length;
  const fp = negatives.filter((m) => m > threshold).length;
  return tp === 0 ? 0 : (2 * tp) / (2 * tp + fp + (positives.length - tp));
}
