import { seededRandom } from '../../../lib/random';
/**
 * The designs measured on judged TRAIN papers held apart (never TEST): `npx tsx test/eval/train/cv.ts [designs]`.
 *
 * Five folds over the judged set; each fold's papers are scored by models trained without them (the partially
 * labelled rows always train). Each topic's threshold for a fold is chosen on the other folds' out-of-fold
 * scores, so every number is counted on papers that chose nothing. Topics with fewer than MIN_POSITIVES judged
 * positives keep their rules. Precision is also reported weighted by how the papers were drawn (uniform half
 * for the corpus at large, rare half for itself), the figure closer to what a reader sees.
 */
import { MAX_FINE_TOPICS } from '../../../lib/topics/tagger';
import { ancestorsOf } from '../judged/labels';
import { type EmbedOptions, scoreEmbed, trainEmbed } from './embed';
import { buildJudgedDataset, type JudgedDataset, rulesOnlyPack } from './judged-dataset';
import { prune, shuffled, train } from './logistic';
import { rulesPrior } from './rules-prior';
import { chooseThreshold, POLICIES, type Policy } from './thresholds';

export const FOLDS = 5;
export const SEED = 20261206;
export const MIN_POSITIVES = 20;
export const LINEAR = { epochs: 6, rate: 0.1, l2: 1e-4, seed: SEED, keep: 400 };
export const PRIOR_LINEAR = { epochs: 6, rate: 0.05, l2: Number(process.env.PRIOR_L2 ?? 1e-3), seed: SEED };
export const EMBED: EmbedOptions = { dim: 64, epochs: 12, rate: 0.05, l2: 1e-5, seed: SEED };
/** The six RL and agent topics of the goal. */
export const FOCUS = [
  'agentic-rl',
  'reinforcement-learning-with-verifiable-rewards',
  'rl-for-language-models',
  'llm-agent-training',
  'long-horizon-llm-agents',
  'llm-tool-use',
];

export type Scorer = (d: number, z: Float32Array) => void;
export type Fit = (ds: JudgedDataset, use: Int32Array) => Scorer;

export const DESIGNS: Record<string, Fit> = {
  linear: (ds, use) => {
    const K = ds.topics.length;
    const weight = new Float64Array(ds.paperIds.length).fill(1);
    const models = prune(train(ds.docs, use, ds.y, weight, K, LINEAR), LINEAR.keep).map((m) => ({
      bias: m.bias,
      lookup: new Map(m.pairs),
    }));
    return (d, z) => {
      for (let k = 0; k < K; k++) {
        const m = models[k]!;
        let s = m.bias;
        for (let j = ds.docs.start[d]!; j < ds.docs.start[d + 1]!; j++)
          s += m.lookup.get(ds.docs.feats[j]!) ?? 0;
        z[k] = s;
      }
    };
  },
  prior: (ds, use) => {
    const K = ds.topics.length;
    const weight = new Float64Array(ds.paperIds.length).fill(1);
    const fitted = train(ds.docs, use, ds.y, weight, K, PRIOR_LINEAR, rulesPrior(ds, use));
    const models = prune(fitted, LINEAR.keep).map((m) => ({ bias: m.bias, lookup: new Map(m.pairs) }));
    return (d, z) => {
      for (let k = 0; k < K; k++) {
        const m = models[k]!;
        let s = m.bias;
        for (let j = ds.docs.start[d]!; j < ds.docs.start[d + 1]!; j++)
          s += m.lookup.get(ds.docs.feats[j]!) ?? 0;
        z[k] = s;
      }
    };
  },
  embed: (ds, use) => {
    const m = trainEmbed(ds.docs, use, ds.y, ds.topics.length, EMBED);
    const a = new Float32Array(m.dim);
    return (d, z) => scoreEmbed(m, ds.docs, d, z, a);
  },
};

/** Out-of-fold log-odds of every judged row (row-major by judged index) and each judged row's fold. */
export function outOfFold(ds: JudgedDataset, train: Fit): { scores: Float32Array; fold: Int32Array } {
  const J = ds.judgedRows.length;
  const K = ds.topics.length;
  const fold = new Int32Array(J);
  shuffled(J, seededRandom(SEED)).forEach((i, n) => {
    fold[i] = n % FOLDS;
  });
  const scores = new Float32Array(J * K);
  const z = new Float32Array(K);
  for (let f = 0; f < FOLDS; f++) {
    const held = new Set<number>();
    for (let i = 0; i < J; i++) if (fold[i] === f) held.add(ds.judgedRows[i]!);
    const use = Int32Array.from({ length: ds.paperIds.length }, (_, d) => d).filter((d) => !held.has(d));
    const score = train(ds, use);
    for (let i = 0; i < J; i++) {
      if (fold[i] !== f) continue;
      score(ds.judgedRows[i]!, z);
      scores.set(z, i * K);
    }
    console.error(`  fold ${f + 1}/${FOLDS}`);
  }
  return { scores, fold };
}

/** Per judged row, how much of the corpus it stands for (sampler: 5,000-odd uniform, the rest chosen). */
export function drawWeights(ds: JudgedDataset, corpusSize: number): Float64Array {
  const uniform = ds.half.filter((h) => h === 'uniform').length;
  const rare = ds.half.length - uniform;
  const w = (corpusSize - rare) / Math.max(1, uniform);
  return Float64Array.from(ds.half, (h) => (h === 'uniform' ? w : 1));
}

export interface Report {
  macroP: number;
  macroR: number;
  weightedP: number;
  noFine: number;
  focus: Record<string, number>;
  topics: number;
}

/** Honest per-fold thresholds, counted on the held-out fold; untrained topics predicted by the rules. */
export function evaluate(
  ds: JudgedDataset,
  oof: { scores: Float32Array; fold: Int32Array },
  policy: Policy,
  weights: Float64Array,
  mode: 'model' | 'or' = 'model',
  shape?: { ancestors: (id: string) => string[]; cap: number },
): Report {
  const J = ds.judgedRows.length;
  const K = ds.topics.length;
  const trained = ds.topics.map((_, k) => ds.positives[k]! >= MIN_POSITIVES);
  // Per row, each given topic with its margin over its threshold (rules: a margin of 1).
  const given = Array.from({ length: J }, () => new Map<string, number>());
  const column = new Float32Array(J);
  const truth = new Uint8Array(J);
  for (let k = 0; k < K; k++) {
    const topic = ds.topics[k]!;
    for (let i = 0; i < J; i++) {
      // 'or': what the rules give stays given; the model can only add.
      const ruled = mode === 'or' && ds.rules[ds.judgedRows[i]!]!.includes(topic);
      column[i] = ruled ? Number.POSITIVE_INFINITY : oof.scores[i * K + k]!;
      truth[i] = ds.y[ds.judgedRows[i]! * K + k]!;
    }
    for (let f = 0; f < FOLDS; f++) {
      if (!trained[k]) {
        for (let i = 0; i < J; i++)
          if (oof.fold[i] === f && ds.rules[ds.judgedRows[i]!]!.includes(topic)) given[i]!.set(topic, 1);
        continue;
      }
      const t = chooseThreshold(column, truth, weights, (i) => oof.fold[i] !== f, policy);
      for (let i = 0; i < J; i++)
        if (oof.fold[i] === f && column[i]! >= t) given[i]!.set(topic, Math.min(column[i]! - t, 10));
    }
  }
  const predicted = given.map((g) => (shape ? limitAndClose(g, shape) : new Set(g.keys())));
  const ps: number[] = [];
  const rs: number[] = [];
  const wps: number[] = [];
  const focus: Record<string, number> = {};
  for (let k = 0; k < K; k++) {
    if (!trained[k]) continue;
    const topic = ds.topics[k]!;
    let tp = 0;
    let fp = 0;
    let fn = 0;
    let wtp = 0;
    let wfp = 0;
    for (let i = 0; i < J; i++) {
      const t = ds.y[ds.judgedRows[i]! * K + k] === 1;
      const p = predicted[i]!.has(topic);
      if (t && p) {
        tp++;
        wtp += weights[i]!;
      } else if (p) {
        fp++;
        wfp += weights[i]!;
      } else if (t) fn++;
    }
    ps.push(tp + fp ? tp / (tp + fp) : 0);
    rs.push(tp / Math.max(1, tp + fn));
    wps.push(wtp + wfp ? wtp / (wtp + wfp) : 0);
    if (FOCUS.includes(topic)) focus[topic] = tp / Math.max(1, tp + fn);
  }
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
  return {
    macroP: mean(ps),
    macroR: mean(rs),
    weightedP: mean(wps),
    noFine: predicted.filter((s) => s.size === 0).length / J,
    focus,
    topics: ps.length,
  };
}

/**
 * As the tagger shapes a paper's topics (lib/topics/model/combine.ts limitFound, then hierarchy.ts): the `cap`
 * strongest that are not an ancestor of another, every ancestor, then all ancestors of what is kept.
 */
function limitAndClose(
  given: Map<string, number>,
  shape: { ancestors: (id: string) => string[]; cap: number },
) {
  const ancestorsOfGiven = new Set([...given.keys()].flatMap(shape.ancestors));
  const kept = new Set<string>();
  let counted = 0;
  for (const [id] of [...given].sort((a, b) => b[1] - a[1])) {
    if (ancestorsOfGiven.has(id)) kept.add(id);
    else if (counted < shape.cap) {
      kept.add(id);
      counted++;
    }
  }
  for (const id of [...kept]) for (const a of shape.ancestors(id)) kept.add(a);
  return kept;
}

export function printReport(name: string, r: Report) {
  const focus = Object.entries(r.focus)
    .map(([t, v]) => `${t} ${v.toFixed(2)}`)
    .join(', ');
  console.log(
    `  ${name.padEnd(28)} macro P ${r.macroP.toFixed(3)} R ${r.macroR.toFixed(3)} (weighted P ${r.weightedP.toFixed(3)}) over ${r.topics} topics; no fine topic ${(100 * r.noFine).toFixed(1)}%\n    focus: ${focus}`,
  );
}

function main() {
  const names = process.argv.slice(2).filter((a) => a in DESIGNS);
  const ds = buildJudgedDataset(rulesOnlyPack());
  const trained = ds.topics.filter((_, k) => ds.positives[k]! >= MIN_POSITIVES).length;
  console.log(
    `${ds.judgedRows.length} judged papers (+${ds.paperIds.length - ds.judgedRows.length} partly labelled), ${ds.features.length} features, ${trained} topics with >= ${MIN_POSITIVES} judged positives`,
  );
  const weights = drawWeights(ds, 40716);
  const shape = { ancestors: ancestorsOf(rulesOnlyPack()), cap: MAX_FINE_TOPICS };
  const oofs = new Map<string, { scores: Float32Array; fold: Int32Array }>();
  for (const name of names.length ? names : Object.keys(DESIGNS)) {
    const t0 = Date.now();
    const oof = outOfFold(ds, DESIGNS[name]!);
    oofs.set(name, oof);
    console.log(`${name} (${((Date.now() - t0) / 1000).toFixed(0)} s):`);
    for (const mode of ['model', 'or'] as const)
      for (const policy of POLICIES)
        printReport(`${name} ${mode}, ${policy.name}`, evaluate(ds, oof, policy, weights, mode, shape));
  }
  // Both designs together: the mean of their log-odds.
  if (oofs.size > 1) {
    const list = [...oofs.values()];
    const scores = list[0]!.scores.map((_, i) => list.reduce((s, o) => s + o.scores[i]!, 0) / list.length);
    for (const policy of POLICIES)
      printReport(
        `mean of ${[...oofs.keys()].join('+')}, ${policy.name}`,
        evaluate(ds, { scores, fold: list[0]!.fold }, policy, weights, 'model', shape),
      );
  }
  printReport('rules alone', rulesBaseline(ds));
}

/** The rules alone on the same topics and papers. */
export function rulesBaseline(ds: JudgedDataset): Report {
  const K = ds.topics.length;
  const J = ds.judgedRows.length;
  const scores = new Float32Array(J * K);
  for (let i = 0; i < J; i++)
    for (let k = 0; k < K; k++)
      scores[i * K + k] = ds.rules[ds.judgedRows[i]!]!.includes(ds.topics[k]!) ? 1 : -1;
  const fold = new Int32Array(J);
  return evaluate(ds, { scores, fold }, { name: 'rules', beta: 1, fixed: 0 }, new Float64Array(J).fill(1));
}

if (process.argv[1]?.endsWith('cv.ts')) main();
