/**
 * Choosing a topic's log-odds threshold on papers scored out of fold: the one that maximises a weighted
 * F-beta, or the lowest whose weighted precision reaches a floor (most recall at that precision).
 */

export interface Policy {
  name: string;
  beta: number;
  /** When set, the lowest threshold whose weighted precision is at least this (else F-beta's). */
  minPrecision?: number;
  /** When set, this threshold, chosen from nothing. */
  fixed?: number;
  /** Never below this log-odds (a tag says "more likely than not" at 0). */
  floor?: number;
}

export const POLICIES: readonly Policy[] = [
  { name: 'F1', beta: 1 },
  { name: 'F0.7', beta: 0.7 },
  { name: 'F0.5', beta: 0.5 },
  { name: 'P>=0.88', beta: 1, minPrecision: 0.88 },
  { name: 'fixed 0', beta: 1, fixed: 0 },
];

const NEVER = 99;

export function chooseThreshold(
  scores: ArrayLike<number>,
  truth: ArrayLike<number>,
  weights: ArrayLike<number>,
  include: (i: number) => boolean,
  policy: Policy,
): number {
  if (policy.fixed !== undefined) return policy.fixed;
  const rows: number[] = [];
  let positives = 0;
  for (let i = 0; i < scores.length; i++) {
    if (!include(i) || truth[i] === 255) continue;
    rows.push(i);
    if (truth[i] === 1) positives += weights[i]!;
  }
  if (positives === 0) return NEVER;
  rows.sort((a, b) => scores[b]! - scores[a]!);
  const b2 = policy.beta * policy.beta;
  let tp = 0;
  let fp = 0;
  let best = NEVER;
  let bestValue = -1;
  for (let n = 0; n < rows.length; n++) {
    const i = rows[n]!;
    if (truth[i] === 1) tp += weights[i]!;
    else fp += weights[i]!;
    // Only between distinct scores can a threshold fall.
    if (n + 1 < rows.length && scores[rows[n + 1]!] === scores[i]) continue;
    const at = scores[i]!;
    if (policy.floor !== undefined && at < policy.floor) break;
    const value =
      policy.minPrecision !== undefined
        ? tp / (tp + fp) >= policy.minPrecision
          ? tp
          : -1
        : ((1 + b2) * tp) / ((1 + b2) * tp + b2 * (positives - tp) + fp);
    if (value > bestValue) {
      bestValue = value;
      best = at;
    }
  }
  if (policy.minPrecision !== undefined && bestValue < 0)
    return chooseThreshold(scores, truth, weights, include, { ...policy, minPrecision: undefined });
  return best;
}
