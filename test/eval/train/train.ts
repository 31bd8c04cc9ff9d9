/**
 * `npm run train`: trains the learned layer and writes lib/topics/data/model.json. One script, fixed seed,
 * reproducible: the same corpus, labels and pack give the same file.
 *
 * Data: corpus papers announced before 2026-01-01 only (the TEST split's months are never read). Targets:
 * the human labels of the labelled TRAIN papers (weighted HUMAN_WEIGHT), else weak labels from the rules.
 * Calibration: the labelled TRAIN papers in FOLDS folds; each fold is scored by a model trained without
 * it (its papers' weak labels left out too), and each topic's threshold and combination are chosen on
 * those out-of-fold scores (calibrate.ts). The shipped model is then trained on everything.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ARTIFACT_ABOUT_MODEL, encodeWeights } from '../../../lib/topics/model/model-load';
import type { ModelArtifact } from '../../../lib/topics/model/model-schema';
import { MODEL_FORMAT } from '../../../lib/topics/model/model-schema';
import { PROJECT } from '../labelset';
import { type Calibration, type Choice, choose, honestEstimate, POLICIES, POLICY } from './calibrate';
import { buildDataset, type Dataset, rulesOnlyPack } from './dataset';
import { cacheDir, cachedDataset } from './dataset-cache';
import { prune, rng, scoreDoc, shuffled, train } from './logistic';
import { samplingWeights } from './sample-weights';

const SEED = 20261202;
const OPTIONS = { epochs: Number(process.env.EPOCHS ?? 3), rate: 0.1, l2: 1e-4, seed: SEED };
const HUMAN_WEIGHT = Number(process.env.HUMAN_WEIGHT ?? 10);
const KEEP = Number(process.env.KEEP ?? 400);
const FOLDS = 3;

type Fitted = { bias: number; pairs: [number, number][]; lookup: Map<number, number> }[];

/** Trains without the papers `heldOut`; kept in the dataset cache folder (a fit takes minutes here). */
function fitModels(ds: Dataset, heldOut: Set<number>, cacheKey: string): Fitted {
  const path = join(cacheDir(), `fit-${cacheKey}-${JSON.stringify({ ...OPTIONS, HUMAN_WEIGHT, KEEP })}.json`);
  let pruned: { bias: number; pairs: [number, number][] }[];
  if (existsSync(path)) pruned = JSON.parse(readFileSync(path, 'utf8'));
  else {
    const K = ds.topics.length;
    const n = ds.paperIds.length;
    const use = Int32Array.from({ length: n }, (_, d) => d).filter((d) => !heldOut.has(d));
    const y = new Uint8Array(n * K);
    const weight = new Float64Array(n).fill(1);
    for (let d = 0; d < n; d++) {
      const human = ds.human.get(d);
      if (human) weight[d] = HUMAN_WEIGHT;
      for (let k = 0; k < K; k++)
        y[d * K + k] = human ? (human.has(ds.topics[k]!) ? 1 : 0) : ds.weak[d * K + k]!;
    }
    pruned = prune(train(ds.docs, use, y, weight, K, OPTIONS), KEEP);
    writeFileSync(path, JSON.stringify(pruned));
  }
  return pruned.map((t) => ({ ...t, lookup: new Map(t.pairs) }));
}

interface OutOfFold {
  labelled: number[];
  scores: Float64Array[];
  /** Sampling weights of the labelled papers, in `labelled` order (sample-weights.ts). */
  weights: Float64Array;
}

function outOfFold(ds: Dataset, key: string): OutOfFold {
  const labelled = [...ds.human.keys()].sort((a, b) => a - b);
  const order = shuffled(labelled.length, rng(SEED + 1));
  const scores = ds.topics.map(() => new Float64Array(labelled.length));
  for (let fold = 0; fold < FOLDS; fold++) {
    const members = [...order].filter((_, i) => i % FOLDS === fold);
    const models = fitModels(ds, new Set(members.map((i) => labelled[i]!)), `${key}-fold${fold}of${FOLDS}`);
    for (const i of members) {
      models.forEach((m, k) => {
        scores[k]![i] = scoreDoc(ds.docs, labelled[i]!, m);
      });
    }
    console.error(`fold ${fold + 1}/${FOLDS} done`);
  }
  return { labelled, scores, weights: samplingWeights(labelled.map((d) => ds.paperIds[d]!)) };
}

/** Per topic: the labelled papers' truth and rule output (0/1), scores and weights, in `labelled` order. */
function truths(ds: Dataset, oof: OutOfFold, k: number): Calibration {
  const topic = ds.topics[k]!;
  const K = ds.topics.length;
  return {
    truth: Uint8Array.from(oof.labelled, (d) => (ds.human.get(d)!.has(topic) ? 1 : 0)),
    rules: Uint8Array.from(oof.labelled, (d) => ds.weak[d * K + k]!),
    scores: oof.scores[k]!,
    weights: oof.weights,
  };
}

/**
 * Each policy's honest macro P/R/F1 on TRAIN (thresholds chosen on one half, counted on the other), printed
 * beside the policy used (POLICY, calibrate.ts) so a change that moves them is seen.
 */
function reportPolicies(ds: Dataset, oof: OutOfFold) {
  for (const policy of POLICIES) {
    const ps: number[] = [];
    const rs: number[] = [];
    const fs: number[] = [];
    ds.topics.forEach((_, k) => {
      const c = honestEstimate(truths(ds, oof, k), policy);
      if (c.tp + c.fn === 0) return;
      ps.push(c.tp + c.fp ? c.tp / (c.tp + c.fp) : 0);
      rs.push(c.tp / (c.tp + c.fn));
      fs.push((2 * c.tp) / (2 * c.tp + c.fp + c.fn));
    });
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    console.error(
      `  policy ${policy.name.padEnd(16)} honest TRAIN macro P ${mean(ps).toFixed(3)} R ${mean(rs).toFixed(3)} F1 ${mean(fs).toFixed(3)}${policy === POLICY ? '  (used)' : ''}`,
    );
  }
}

function calibrate(ds: Dataset, key: string): Choice[] {
  const oof = outOfFold(ds, key);
  reportPolicies(ds, oof);
  return ds.topics.map((_, k) => choose(truths(ds, oof, k), POLICY));
}

function artifact(ds: Dataset, models: Fitted, choices: Choice[]): ModelArtifact {
  const used = [...new Set(models.flatMap((m) => m.pairs.map(([f]) => f)))].sort((a, b) => a - b);
  const index = new Map(used.map((f, i) => [f, i]));
  const r3 = (x: number) => Math.round(x * 1000) / 1000;
  const body = {
    packVersion: ds.rulesPack.version,
    training: {
      papers: ds.paperIds.length,
      labelledTrainPapers: ds.human.size,
      humanWeight: HUMAN_WEIGHT,
      keepPerTopic: KEEP,
      folds: FOLDS,

      ...OPTIONS,
    },
    features: used.map((f) => ds.features[f]!).join('\n'),
    topics: ds.topics.map((id, k) => ({
      id,
      bias: r3(models[k]!.bias),
      threshold: r3(choices[k]!.threshold),
      combine: choices[k]!.combine,
      weights: encodeWeights(models[k]!.pairs.map(([f, w]) => [index.get(f)!, w] as const)),
    })),
  };
  const version = createHash('sha256').update(JSON.stringify(body)).digest('hex').slice(0, 12);
  return { about: ARTIFACT_ABOUT_MODEL, format: MODEL_FORMAT, version, ...body };
}

function main() {
  const t0 = Date.now();
  const { ds, key } = cachedDataset(buildDataset, rulesOnlyPack);
  console.error(
    `${ds.paperIds.length} papers, ${ds.features.length} features, ${ds.human.size} labelled (${Date.now() - t0} ms)`,
  );
  const choices = calibrate(ds, key);
  ds.topics.forEach((t, k) => {
    const c = choices[k]!;
    console.error(`  ${t.padEnd(46)} ${c.combine.padEnd(5)} t=${c.threshold.toFixed(2).padStart(6)}`);
  });
  const out = artifact(ds, fitModels(ds, new Set(), `${key}-all`), choices);
  const path = join(PROJECT, 'lib', 'topics', 'data', 'model.json');
  writeFileSync(path, `${JSON.stringify(out)}\n`);
  console.error(
    `${path}: ${out.features.split('\n').length} features, version ${out.version} (${Date.now() - t0} ms)`,
  );
}

main();
