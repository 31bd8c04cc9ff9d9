import { seededRandom } from '../../../lib/random';
/**
 * The shared design: fastText-style. Every feature has a `dim`-vector; a paper is the sum of its features'
 * vectors over sqrt(count), through tanh; every topic is a logistic unit on that one representation, trained
 * jointly (masked binary cross-entropy, AdaGrad, fixed seed). A rare topic's unit sits on directions that the
 * frequent topics shaped. Optionally `wide`: each topic also keeps a sparse linear part over the same features
 * (wide and deep), so a rare topic's own words still count.
 */
import { type Docs, shuffled, UNKNOWN_TARGET } from './logistic';

export interface EmbedOptions {
  dim: number;
  epochs: number;
  rate: number;
  l2: number;
  seed: number;
}

export interface EmbedModel {
  dim: number;
  topics: number;
  /** Feature vectors, feature-major: e[f * dim + j]. */
  e: Float32Array;
  /** Hidden bias. */
  c: Float32Array;
  /** Topic units, topic-major: u[k * dim + j]. */
  u: Float32Array;
  b: Float32Array;
}

/** The paper's hidden representation (tanh of the scaled sum) into `out`. */
export function represent(m: EmbedModel, docs: Docs, d: number, out: Float32Array) {
  const { dim, e, c } = m;
  const from = docs.start[d]!;
  const to = docs.start[d + 1]!;
  const scale = 1 / Math.sqrt(Math.max(1, to - from));
  out.fill(0);
  for (let i = from; i < to; i++) {
    const base = docs.feats[i]! * dim;
    for (let j = 0; j < dim; j++) out[j]! += e[base + j]!;
  }
  for (let j = 0; j < dim; j++) out[j] = Math.tanh(out[j]! * scale + c[j]!);
}

/** Log-odds of every topic for doc d into `z`. */
export function scoreEmbed(
  m: EmbedModel,
  docs: Docs,
  d: number,
  z: Float32Array,
  a = new Float32Array(m.dim),
) {
  represent(m, docs, d, a);
  const { dim, u, b } = m;
  for (let k = 0; k < m.topics; k++) {
    let s = b[k]!;
    const base = k * dim;
    for (let j = 0; j < dim; j++) s += u[base + j]! * a[j]!;
    z[k] = s;
  }
}

export function trainEmbed(
  docs: Docs,
  use: Int32Array,
  y: Uint8Array,
  topics: number,
  o: EmbedOptions,
): EmbedModel {
  const { dim } = o;
  const random = seededRandom(o.seed);
  const init = (n: number, scale: number) =>
    Float32Array.from({ length: n }, () => (random() * 2 - 1) * scale);
  const m: EmbedModel = {
    dim,
    topics,
    e: init(docs.featureCount * dim, 0.1),
    c: new Float32Array(dim),
    u: init(topics * dim, 0.1),
    b: new Float32Array(topics),
  };
  const ge = new Float32Array(m.e.length).fill(1e-6);
  const gc = new Float32Array(dim).fill(1e-6);
  const gu = new Float32Array(m.u.length).fill(1e-6);
  const gb = new Float32Array(topics).fill(1e-6);
  for (let k = 0; k < topics; k++) {
    let pos = 0;
    let known = 0;
    for (const d of use) {
      const t = y[d * topics + k]!;
      if (t === UNKNOWN_TARGET) continue;
      known++;
      pos += t;
    }
    const rate = Math.min(Math.max(pos / Math.max(1, known), 1e-4), 1 - 1e-4);
    m.b[k] = Math.log(rate / (1 - rate));
  }
  const a = new Float32Array(dim);
  const z = new Float32Array(topics);
  const da = new Float32Array(dim);
  const step = (w: Float32Array, g2: Float32Array, i: number, g: number) => {
    g2[i]! += g * g;
    w[i]! -= (o.rate * g) / Math.sqrt(g2[i]!);
  };
  for (let epoch = 0; epoch < o.epochs; epoch++) {
    for (const i of shuffled(use.length, random)) {
      const d = use[i]!;
      scoreEmbed(m, docs, d, z, a);
      da.fill(0);
      for (let k = 0; k < topics; k++) {
        const t = y[d * topics + k]!;
        if (t === UNKNOWN_TARGET) continue;
        const g = 1 / (1 + Math.exp(-z[k]!)) - t;
        if (Math.abs(g) < 0.005) continue;
        const base = k * dim;
        for (let j = 0; j < dim; j++) {
          da[j]! += g * m.u[base + j]!;
          step(m.u, gu, base + j, g * a[j]! + o.l2 * m.u[base + j]!);
        }
        step(m.b, gb, k, g);
      }
      const from = docs.start[d]!;
      const to = docs.start[d + 1]!;
      const scale = 1 / Math.sqrt(Math.max(1, to - from));
      for (let j = 0; j < dim; j++) {
        da[j] = da[j]! * (1 - a[j]! * a[j]!);
        step(m.c, gc, j, da[j]!);
      }
      for (let i2 = from; i2 < to; i2++) {
        const base = docs.feats[i2]! * dim;
        for (let j = 0; j < dim; j++) step(m.e, ge, base + j, da[j]! * scale + o.l2 * m.e[base + j]!);
      }
    }
  }
  return m;
}
