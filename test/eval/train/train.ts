/**
 * `npm run train`: trains the learned layer on judgment and writes lib/topics/data/model.json. One command,
 * fixed seed, reproducible: the same corpus, judgments and pack give the same file.
 *
 * Data (judged-dataset.ts): the TRAIN-month papers someone judged, never a paper nobody judged, never the TEST
 * months. Design (cv.ts measures both on judged papers held apart): independent per-topic linear models that
 * start from the calibrated rules (rules-prior.ts) and read what the rules said as features; chosen over the
 * shared-embedding design by that measure. Every fine topic with >= MIN_POSITIVES judged positives gets a model
 * that decides it (the rules are among its inputs); the others keep their rules. Each threshold is chosen on the
 * five folds' out-of-fold scores with the policy below; then the model is fitted on every judged paper.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ARTIFACT_ABOUT_MODEL } from '../../../lib/topics/model/model-load';
import { MODEL_FORMAT, type ModelArtifact } from '../../../lib/topics/model/model-schema';
import { encodeWeights } from '../../../lib/topics/model/weights-codec';
import { MAX_FINE_TOPICS } from '../../../lib/topics/tagger';
import { ancestorsOf } from '../judged/labels';
import { PROJECT } from '../labelset';
import {
  DESIGNS,
  drawWeights,
  evaluate,
  FOLDS,
  LINEAR,
  MIN_POSITIVES,
  outOfFold,
  PRIOR_LINEAR,
  printReport,
  type Report,
  rulesBaseline,
  SEED,
} from './cv';
import { buildJudgedDataset, type JudgedDataset, rulesOnlyPack } from './judged-dataset';
import { prune, train } from './logistic';
import { rulesPrior } from './rules-prior';
import { chooseThreshold, POLICIES, type Policy } from './thresholds';

/** The TRAIN months' papers, for the draw weights (how much of the corpus a uniform judged paper stands for). */
const TRAIN_PAPERS = 40716;
/** How much macro precision below the rules' alone a policy may give up for recall. */
const PRECISION_GIVE = 0.03;

/**
 * The threshold policy: the one with the most cross-validated macro recall among those whose macro precision is
 * at most PRECISION_GIVE below the rules' own on the same papers (the learned layer adds recall without costing
 * a reader noticeably more wrong chips); `POLICY=name` overrides it. Measured on 14,600 judged papers: F1 gives
 * P 0.669 R 0.680, "fixed 0" (the model's own "more likely than not") P 0.746 R 0.621, the rules P 0.775 R 0.537.
 */
function choosePolicy(reports: Map<Policy, Report>, rules: Report): Policy {
  if (process.env.POLICY) return POLICIES.find((p) => p.name === process.env.POLICY)!;
  const list = [...reports];
  const keeping = list.filter(([, r]) => r.macroP >= rules.macroP - PRECISION_GIVE);
  const pool = keeping.length ? keeping : list;
  return pool.sort((a, b) => (keeping.length ? b[1].macroR - a[1].macroR : b[1].macroP - a[1].macroP))[0]![0];
}

/** Out-of-fold scores are the slow part: kept on disk by what they depend on, so a policy can be re-chosen. */
function cachedOutOfFold(ds: JudgedDataset): { scores: Float32Array; fold: Int32Array } {
  const key = createHash('sha256')
    .update(
      JSON.stringify({ PRIOR_LINEAR, LINEAR, SEED, FOLDS, ids: ds.paperIds, features: ds.features.length }),
    )
    .update(ds.y)
    .update(JSON.stringify(ds.rules))
    .digest('hex')
    .slice(0, 16);
  const dir = join(PROJECT, 'node_modules', '.cache', 'paperpulse-train');
  const file = join(dir, `oof-${key}.bin`);
  const J = ds.judgedRows.length;
  if (existsSync(file)) {
    const bytes = readFileSync(file);
    const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
    console.error(`  out-of-fold scores from ${file}`);
    return { fold: new Int32Array(buffer, 0, J), scores: new Float32Array(buffer, 4 * J) };
  }
  const oof = outOfFold(ds, DESIGNS.prior!);
  mkdirSync(dir, { recursive: true });
  writeFileSync(file, Buffer.concat([Buffer.from(oof.fold.buffer), Buffer.from(oof.scores.buffer)]));
  return oof;
}

type Linear = { bias: number; pairs: [number, number][] }[];

function fitAll(ds: JudgedDataset): Linear {
  const K = ds.topics.length;
  const all = Int32Array.from({ length: ds.paperIds.length }, (_, d) => d);
  const weight = new Float64Array(ds.paperIds.length).fill(1);
  return prune(train(ds.docs, all, ds.y, weight, K, PRIOR_LINEAR, rulesPrior(ds, all)), LINEAR.keep);
}

function artifact(
  ds: JudgedDataset,
  models: Linear,
  thresholds: number[],
  trained: number[],
  policy: Policy,
): ModelArtifact {
  const used = [...new Set(trained.flatMap((k) => models[k]!.pairs.map(([f]) => f)))].sort((a, b) => a - b);
  const index = new Map(used.map((f, i) => [f, i]));
  const r3 = (x: number) => Math.round(x * 1000) / 1000;
  const body = {
    packVersion: rulesOnlyPack().version,
    training: {
      design: 'per-topic linear, rules as prior and as features',
      judgedPapers: ds.judgedRows.length,
      partlyLabelledPapers: ds.paperIds.length - ds.judgedRows.length,
      minJudgedPositives: MIN_POSITIVES,
      folds: FOLDS,
      policy: policy.name,
      keepPerTopic: LINEAR.keep,
      ...PRIOR_LINEAR,
    },
    features: used.map((f) => ds.features[f]!).join('\n'),
    topics: trained.map((k) => ({
      id: ds.topics[k]!,
      bias: r3(models[k]!.bias),
      threshold: r3(thresholds[k]!),
      combine: 'model' as const,
      weights: encodeWeights(models[k]!.pairs.map(([f, w]) => [index.get(f)!, w] as const)),
    })),
  };
  const version = createHash('sha256').update(JSON.stringify(body)).digest('hex').slice(0, 12);
  return { about: ARTIFACT_ABOUT_MODEL, format: MODEL_FORMAT, version, ...body };
}

function main() {
  const t0 = Date.now();
  const rules = rulesOnlyPack();
  const ds = buildJudgedDataset(rules);
  const K = ds.topics.length;
  const trained = ds.topics.map((_, k) => k).filter((k) => ds.positives[k]! >= MIN_POSITIVES);
  console.error(
    `${ds.judgedRows.length} judged papers (+${ds.paperIds.length - ds.judgedRows.length} partly labelled), ` +
      `${ds.features.length} features, ${trained.length} topics with >= ${MIN_POSITIVES} judged positives`,
  );
  const weights = drawWeights(ds, TRAIN_PAPERS);
  const oof = cachedOutOfFold(ds);
  const shape = { ancestors: ancestorsOf(rules), cap: MAX_FINE_TOPICS };
  const reports = new Map(POLICIES.map((p) => [p, evaluate(ds, oof, p, weights, 'model', shape)] as const));
  for (const [p, r] of reports) printReport(`cross-validated, ${p.name}`, r);
  const baseline = rulesBaseline(ds);
  printReport('rules alone', baseline);
  const policy = choosePolicy(reports, baseline);
  console.error(`  policy: ${policy.name}`);
  // The shipped thresholds: chosen on every judged paper's out-of-fold score.
  const J = ds.judgedRows.length;
  const thresholds = ds.topics.map((_, k) =>
    chooseThreshold(
      Float32Array.from({ length: J }, (_, i) => oof.scores[i * K + k]!),
      Uint8Array.from({ length: J }, (_, i) => ds.y[ds.judgedRows[i]! * K + k]!),
      weights,
      () => true,
      policy,
    ),
  );
  const out = artifact(ds, fitAll(ds), thresholds, trained, policy);
  const path = join(PROJECT, 'lib', 'topics', 'data', 'model.json');
  writeFileSync(path, `${JSON.stringify(out)}\n`);
  console.error(
    `${path}: ${out.topics.length} topics, ${out.features.split('\n').length} features, version ${out.version} (${Math.round((Date.now() - t0) / 1000)} s); seed ${SEED}`,
  );
}

main();
