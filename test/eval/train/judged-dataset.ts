/**
 * What the learned layer learns from: judgment, not the rules. Rows are the TRAIN-month papers someone judged:
 * the judged set (labels/judged/, judged whole: a topic not positive is negative), the labelled set's TRAIN
 * papers (54 topics each: the rest unknown) and the TRAIN chip review (its chips right or wrong: the rest
 * unknown). A paper nobody judged is not a row: the rules' silence never teaches "no".
 *
 * Features (features.ts): words, bigrams, title words, categories, and what the rules said: `r:ID` for a fine
 * topic the rules gave (parents included), `e:ID` for one they saw evidence for but did not give. So the model
 * for a topic can lean on its rules, veto them in contexts where they misfire, and combine other topics' rules
 * (RL and LLM agents together are Agentic RL) without any rule written for it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CompiledPack } from '../../../lib/topics/load-pack';
import { featureKeys, RULE_EVIDENCE, RULE_GIVEN } from '../../../lib/topics/model/features';
import { loadCompiledPack } from '../../../lib/topics/pack/artifact';
import { rulesSaid, tagPaper } from '../../../lib/topics/tagger';
import { readCorpus } from '../corpus';
import { ancestorsOf, readJudgedPapers } from '../judged/labels';
import { LABELS_DIR, readExtraSample, readLabels, readSample, readTopics } from '../label-files';
import { type CorpusPaper, PROJECT, SPLIT_DATE } from '../labelset';
import { type Docs, UNKNOWN_TARGET as UNKNOWN } from './logistic';

/** A feature must occur in this many rows to be learned from. */
const MIN_DF = 3;

/** The rules alone (the pack without the learned layer): what the model starts from and reads as features. */
export function rulesOnlyPack(): CompiledPack {
  const path = join(PROJECT, 'lib', 'topics', 'data', 'compiled.json');
  return loadCompiledPack(JSON.parse(readFileSync(path, 'utf8')));
}

export interface JudgedDataset {
  paperIds: string[];
  docs: Docs;
  features: string[];
  /** Every fine topic with a judged positive; `trained` marks those with enough to learn. */
  topics: string[];
  /** Row-major y[d * topics + k]: 1, 0 or UNKNOWN_TARGET. */
  y: Uint8Array;
  /** Rows of the judged set (whole-paper judgments), the only ones evaluated on. */
  judgedRows: Int32Array;
  /** For each judged row: 'uniform' or 'rare' (how it was drawn). */
  half: ('uniform' | 'rare')[];
  /** What the rules alone gave (fine topics, parents included) per row. */
  rules: string[][];
  /** Judged positives per topic (judged set only). */
  positives: Int32Array;
}

/**
 * A paper's feature keys: its words (features.ts) and what the rules said of it (rulesSaid, as the tagger
 * computes them); and what the rules alone tag (the baseline).
 */
export function judgedFeatureKeys(
  paper: CorpusPaper,
  rules: CompiledPack,
): { keys: string[]; given: string[] } {
  const given = tagPaper(paper, rules)
    .filter((t) => rules.byId.get(t.topicId)?.kind === 'fine')
    .map((t) => t.topicId);
  const said = rulesSaid(paper, rules);
  const keys = featureKeys(paper);
  for (const id of said.given) keys.push(RULE_GIVEN + id);
  for (const id of said.evidence) keys.push(RULE_EVIDENCE + id);
  return { keys, given };
}

export function buildJudgedDataset(rules: CompiledPack): JudgedDataset {
  const judged = readJudgedPapers(rules);
  const corpus = new Map(
    readCorpus()
      .filter((p) => p.announced < SPLIT_DATE)
      .map((p) => [p.id, p]),
  );
  const fine = rules.topics.filter((t) => t.kind === 'fine').map((t) => t.id);
  const positives = new Map<string, number>();
  for (const p of judged) for (const t of p.positives) positives.set(t, (positives.get(t) ?? 0) + 1);
  const topics = fine.filter((t) => (positives.get(t) ?? 0) > 0);
  const K = topics.length;

  const rows: { paper: CorpusPaper; labels: (k: number) => number }[] = [];
  const judgedIds = new Set<string>();
  const half: ('uniform' | 'rare')[] = [];
  for (const j of judged) {
    const paper = corpus.get(j.id);
    if (!paper) continue;
    judgedIds.add(j.id);
    half.push(j.half);
    rows.push({ paper, labels: (k) => (j.positives.has(topics[k]!) ? 1 : 0) });
  }
  const judgedCount = rows.length;
  for (const row of partialRows(rules, corpus, judgedIds)) rows.push(row);

  const keyed = rows.map((r) => judgedFeatureKeys(r.paper, rules));
  const df = new Map<string, number>();
  for (const { keys } of keyed) for (const k of new Set(keys)) df.set(k, (df.get(k) ?? 0) + 1);
  const features = [...df]
    .filter(([, n]) => n >= MIN_DF)
    .map(([k]) => k)
    .sort();
  const number = new Map(features.map((f, i) => [f, i]));
  const start = new Int32Array(rows.length + 1);
  const feats: number[] = [];
  keyed.forEach(({ keys }, d) => {
    for (const k of new Set(keys)) {
      const f = number.get(k);
      if (f !== undefined) feats.push(f);
    }
    start[d + 1] = feats.length;
  });
  const y = new Uint8Array(rows.length * K);
  rows.forEach((r, d) => {
    for (let k = 0; k < K; k++) y[d * K + k] = r.labels(k);
  });
  return {
    paperIds: rows.map((r) => r.paper.id),
    docs: { start, feats: Int32Array.from(feats), featureCount: features.length },
    features,
    topics,
    y,
    judgedRows: Int32Array.from({ length: judgedCount }, (_, i) => i),
    half,
    rules: keyed.map((k) => k.given),
    positives: Int32Array.from(topics, (t) => positives.get(t) ?? 0),
  };

  /** Labelled-set and chip-review TRAIN papers not in the judged set: what they judged, the rest unknown. */
  function* partialRows(pack: CompiledPack, papers: Map<string, CorpusPaper>, skip: Set<string>) {
    const ancestors = ancestorsOf(pack);
    const labelTopics = readTopics().ids;
    const labels = new Map([...readLabels('labels.jsonl'), ...readLabels('labels-extra.jsonl')]);
    const trainIds = [...readSample(), ...readExtraSample()]
      .filter((s) => s.split === 'train')
      .map((s) => s.id);
    for (const id of trainIds) {
      const paper = papers.get(id);
      const list = labels.get(id);
      if (!paper || !list || skip.has(id)) continue;
      skip.add(id);
      const yes = new Set(list.flatMap((t) => [t, ...ancestors(t)]));
      yield {
        paper,
        labels: (k: number) => (yes.has(topics[k]!) ? 1 : labelTopics.has(topics[k]!) ? 0 : UNKNOWN),
      };
    }
    const chips = join(LABELS_DIR, 'chip-judgments-train.jsonl');
    if (!existsSync(chips)) return;
    for (const line of readFileSync(chips, 'utf8').split('\n')) {
      if (!line.trim()) continue;
      const j = JSON.parse(line) as { id: string; right: string[]; wrong: Record<string, string> };
      const paper = papers.get(j.id);
      if (!paper || skip.has(j.id)) continue;
      skip.add(j.id);
      const yes = new Set(j.right.flatMap((t) => [t, ...ancestors(t)]));
      const no = new Set(Object.keys(j.wrong).filter((t) => !yes.has(t)));
      yield {
        paper,
        labels: (k: number) => (yes.has(topics[k]!) ? 1 : no.has(topics[k]!) ? 0 : UNKNOWN),
      };
    }
  }
}

export function topicIndexOf(ds: JudgedDataset): Map<string, number> {
  return new Map(ds.topics.map((t, k) => [t, k]));
}
