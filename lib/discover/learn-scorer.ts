/**
 * A learned scorer beside the readable query: regularised logistic regression on the words and word pairs
 * of a paper's title and abstract, trained on the examples (and papers marked "yes, this") against papers
 * marked "not this" and a random sample of the index as background.
 */

import type { Features, Scorer } from '../topics/scoring/topic-scorer';

export interface ScorerOptions {
  /** L2 penalty (per paper, the classes balanced). */
  lambda: number;
  /** Gradient steps. */
  epochs: number;
  /** Keep only this many of the heaviest weights (a stored topic stays small). */
  maxWeights: number;
  /**
   * A paper marked "not this" weighs this many positives (besides the background, which sums to 1/2), and
   * never less than one background paper (0: as one of them, the weighting before 2026-12-07).
   */
  markWeight: number;
  /**
   * A scorer learned before (the topic as shown when a mark was made): training starts from its weights and
   * bias, and `proximal` > 0 adds the penalty proximal/2 * |w - prior|^2, so a mark moves the scorer only
   * as far as it must (0: the plain L2 penalty toward zero alone).
   */
  prior?: Scorer;
  proximal?: number;
}

export const DEFAULT_SCORER: ScorerOptions = { lambda: 1e-3, epochs: 200, maxWeights: 2000, markWeight: 1 };

/**
 * Logistic regression by accelerated gradient descent (Nesterov) on the whole training set: positives and
 * background negatives weighted to count equally (each sums to 1/2), each paper `marked` "not this" weighing
 * `markWeight` positives (one among a thousand background papers would weigh nothing; never less than one
 * of them), an L2 penalty on the weights (not the bias). Features are of unit length, so the loss's gradient
 * is (total weight)/4-Lipschitz and a step of 1/(total/4 + lambda) is safe. Deterministic.
 */
export function trainScorer(
  positives: readonly Features[],
  negatives: readonly Features[],
  options: Partial<ScorerOptions> = {},
  marked: readonly Features[] = [],
): Scorer {
  const o = { ...DEFAULT_SCORER, ...options };
  const index = new Map<string, number>();
  const names: string[] = [];
  const encode = (x: Features) => {
    const idx = new Int32Array(x.size);
    const val = new Float64Array(x.size);
    let k = 0;
    for (const [f, v] of x) {
      let i = index.get(f);
      if (i === undefined) {
        i = names.length;
        index.set(f, i);
        names.push(f);
      }
      idx[k] = i;
      val[k++] = v;
    }
    return { idx, val };
  };
  const perPositive = 0.5 / Math.max(positives.length, 1);
  // Weighing less than a background paper, the marks are background papers (their half shared with them).
  const asBackground = o.markWeight * perPositive <= 0.5 / Math.max(negatives.length + marked.length, 1);
  const perNegative = 0.5 / Math.max(negatives.length + (asBackground ? marked.length : 0), 1);
  const perMark = asBackground ? perNegative : o.markWeight * perPositive;
  const rows = [
    ...positives.map((x) => ({ ...encode(x), y: 1, c: perPositive })),
    ...negatives.map((x) => ({ ...encode(x), y: 0, c: perNegative })),
    ...marked.map((x) => ({ ...encode(x), y: 0, c: perMark })),
  ];
  const prior = priorWeights(o.prior, index, names);
  const mu = o.prior ? (o.proximal ?? 0) : 0;
  const d = names.length;
  const total = rows.reduce((sum, r) => sum + r.c, 0);
  const step = 1 / (total / 4 + o.lambda + mu);
  let w = Float64Array.from(prior);
  let b = o.prior?.bias ?? 0;
  let prevW = Float64Array.from(prior);
  let prevB = b;
  const grad = new Float64Array(d);
  for (let it = 1; it <= o.epochs; it++) {
    // Look-ahead point z = w + momentum (w - prev).
    const m = (it - 1) / (it + 2);
    const z = new Float64Array(d);
    for (let j = 0; j < d; j++) z[j] = w[j]! + m * (w[j]! - prevW[j]!);
    const zb = b + m * (b - prevB);
    grad.fill(0);
    let gb = 0;
    for (const r of rows) {
      let margin = zb;
      for (let k = 0; k < r.idx.length; k++) margin += z[r.idx[k]!]! * r.val[k]!;
      const g = r.c * (1 / (1 + Math.exp(-margin)) - r.y);
      for (let k = 0; k < r.idx.length; k++) grad[r.idx[k]!]! += g * r.val[k]!;
      gb += g;
    }
    prevW = w;
    prevB = b;
    w = new Float64Array(d);
    for (let j = 0; j < d; j++)
      w[j] = z[j]! - step * (grad[j]! + o.lambda * z[j]! + mu * (z[j]! - prior[j]!));
    b = zb - step * gb;
  }
  const heaviest = names
    .map((f, j) => [f, w[j]!] as [string, number])
    .filter(([, v]) => v !== 0)
    .sort((a, c) => Math.abs(c[1]) - Math.abs(a[1]) || a[0].localeCompare(c[0]))
    .slice(0, o.maxWeights);
  return { weights: new Map(heaviest), bias: b };
}

/** The prior's weights on the training's features (a prior feature no paper has now is added, kept near it). */
function priorWeights(prior: Scorer | undefined, index: Map<string, number>, names: string[]): Float64Array {
  if (!prior) return new Float64Array(names.length);
  for (const f of prior.weights.keys()) {
    if (index.has(f)) continue;
    index.set(f, names.length);
    names.push(f);
  }
  const out = new Float64Array(names.length);
  for (const [f, v] of prior.weights) out[index.get(f)!] = v;
  return out;
}
