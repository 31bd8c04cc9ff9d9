import { seededRandom } from '../../../lib/random';

/**
 * Logistic regression for many topics at once over sparse binary features, by AdaGrad SGD with a fixed
 * seed: the same inputs give the same weights on every machine (all arithmetic in float64, one order).
 */

/** Below this, a paper's gradient for a topic is not worth a step. */
const MIN_GRADIENT = 0.01;

export interface Docs {
  /** Features of doc d: feats[start[d] .. start[d + 1]). */
  start: Int32Array;
  feats: Int32Array;
  featureCount: number;
}

export interface TrainOptions {
  epochs: number;
  rate: number;
  /** L2 shrink applied to the weights a doc touches, per touch. */
  l2: number;
  seed: number;
}

export interface Weights {
  topics: number;
  /** Feature-major: w[f * topics + k]. */
  w: Float64Array;
  bias: Float64Array;
}

export function shuffled(n: number, random: () => number): Int32Array {
  const order = Int32Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    const t = order[i]!;
    order[i] = order[j]!;
    order[j] = t;
  }
  return order;
}

/** A target not known (a paper judged for some topics only): no gradient from it. */
export const UNKNOWN_TARGET = 255;

/**
 * Trains on the docs in `use` (indices), target y[d * topics + k] in {0, 1} (or UNKNOWN_TARGET) with weight
 * weight[d]. Returns dense weights; pruning to the strongest comes after.
 */
export function train(
  docs: Docs,
  use: Int32Array,
  y: Uint8Array,
  weight: Float64Array,
  topics: number,
  o: TrainOptions,
  prior?: Weights,
): Weights {
  // A prior is where the weights start and what L2 pulls them back to (zero without one).
  const w = prior ? prior.w.slice() : new Float64Array(docs.featureCount * topics);
  const g2 = new Float64Array(docs.featureCount * topics).fill(1e-8);
  const bias = new Float64Array(topics);
  const bg2 = new Float64Array(topics).fill(1e-8);
  const z = new Float64Array(topics);
  const grad = new Float64Array(topics);
  const activeTopics = new Int32Array(topics);
  const random = seededRandom(o.seed);
  // Start each topic's bias at its base rate, so early steps are not spent learning it.
  for (let k = 0; k < topics; k++) {
    let pos = 0;
    let known = 0;
    for (const d of use) {
      const target = y[d * topics + k]!;
      if (target === UNKNOWN_TARGET) continue;
      known++;
      pos += target;
    }
    const rate = Math.min(Math.max(pos / Math.max(1, known), 1e-4), 1 - 1e-4);
    bias[k] = prior ? prior.bias[k]! : Math.log(rate / (1 - rate));
  }
  for (let epoch = 0; epoch < o.epochs; epoch++) {
    const order = shuffled(use.length, random);
    for (const i of order) {
      const d = use[i]!;
      const from = docs.start[d]!;
      const to = docs.start[d + 1]!;
      z.set(bias);
      for (let j = from; j < to; j++) {
        const base = docs.feats[j]! * topics;
        for (let k = 0; k < topics; k++) z[k]! += w[base + k]!;
      }
      // Only topics with a gradient worth a step are updated: on most papers most topics are already
      // confidently absent, and skipping them is what makes training over 40k papers affordable.
      let active = 0;
      for (let k = 0; k < topics; k++) {
        const target = y[d * topics + k]!;
        if (target === UNKNOWN_TARGET) continue;
        const p = 1 / (1 + Math.exp(-z[k]!));
        const g = weight[d]! * (p - target);
        if (Math.abs(g) < MIN_GRADIENT) continue;
        activeTopics[active++] = k;
        grad[k] = g;
        bg2[k]! += g * g;
        bias[k]! -= (o.rate * g) / Math.sqrt(bg2[k]!);
      }
      for (let j = from; j < to; j++) {
        const base = docs.feats[j]! * topics;
        for (let a = 0; a < active; a++) {
          const k = activeTopics[a]!;
          const g = grad[k]! + o.l2 * (w[base + k]! - (prior ? prior.w[base + k]! : 0));
          g2[base + k]! += g * g;
          w[base + k]! -= (o.rate * g) / Math.sqrt(g2[base + k]!);
        }
      }
    }
  }
  return { topics, w, bias };
}

/** Per topic, the `keep` features of largest |weight| (ties: lower feature first), as sparse pairs. */
export function prune(weights: Weights, keep: number): { bias: number; pairs: [number, number][] }[] {
  const { topics, w, bias } = weights;
  const featureCount = w.length / topics;
  const out: { bias: number; pairs: [number, number][] }[] = [];
  for (let k = 0; k < topics; k++) {
    const all: [number, number][] = [];
    for (let f = 0; f < featureCount; f++) {
      const v = w[f * topics + k]!;
      if (Math.abs(v) >= 1e-3) all.push([f, v]);
    }
    all.sort((a, b) => Math.abs(b[1]) - Math.abs(a[1]) || a[0] - b[0]);
    out.push({ bias: bias[k]!, pairs: all.slice(0, keep) });
  }
  return out;
}

/** Log-odds of each pruned topic model on doc d. */
export function scoreDoc(
  docs: Docs,
  d: number,
  model: { bias: number; lookup: Map<number, number> },
): number {
  let z = model.bias;
  for (let j = docs.start[d]!; j < docs.start[d + 1]!; j++) z += model.lookup.get(docs.feats[j]!) ?? 0;
  return z;
}
