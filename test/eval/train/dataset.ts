/**
 * What the learned layer is trained on: every corpus paper announced before the split date (the TEST
 * split's months are never read here), its features, weak labels from the rules, and the human labels of
 * the labelled TRAIN papers (the labelled set's and the extra ones of sample-extra.ts).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { hashOf } from '../../../lib/topics/matching/word-table';
import { featureKeys } from '../../../lib/topics/model/features';
import { loadCompiledPack } from '../../../lib/topics/pack/artifact';
import type { CompiledPack } from '../../../lib/topics/pack/load';
import { tagPaper } from '../../../lib/topics/scoring/tagger';
import { readCorpus } from '../corpus';
import { readExtraSample, readLabels, readSample, readTopics } from '../label-files';
import { PROJECT, SPLIT_DATE } from '../labelset';
import type { Docs } from './logistic';

/** A feature must occur in this many training papers to be learned from. */
const MIN_DF = 5;

export interface Dataset {
  paperIds: string[];
  docs: Docs;
  features: string[];
  topics: string[];
  /** Rules (and the parents they imply), per paper and topic: weak[d * topics + k]. */
  weak: Uint8Array;
  /** Human labels of labelled TRAIN papers: paper index -> label set. */
  human: Map<number, Set<string>>;
  rulesPack: CompiledPack;
}

/** The rules alone (the pack without the learned layer), as the weak labeller. */
export function rulesOnlyPack(): CompiledPack {
  const path = join(PROJECT, 'lib', 'topics', 'data', 'compiled.json');
  return loadCompiledPack(JSON.parse(readFileSync(path, 'utf8')));
}

export function buildDataset(): Dataset {
  const t0 = Date.now();
  const limit = Number(process.env.TRAIN_LIMIT ?? Number.POSITIVE_INFINITY);
  const papers = readCorpus()
    .filter((p) => p.announced < SPLIT_DATE)
    .slice(0, limit);
  const log = (what: string) => console.error(`  ${what}: ${Date.now() - t0} ms`);
  log('corpus read');
  const topics = readTopics().order;
  const rulesPack = rulesOnlyPack();
  const keysOf = papers.map((p) => featureKeys(p));
  log('features');
  // Document frequencies counted in two hashed tables, the smaller count taken (a count-min sketch), so
  // millions of rare bigrams never become Map entries; a rare key lets in only when both slots collide.
  const a = new Uint16Array(1 << 24);
  const b = new Uint16Array(1 << 24);
  const slotA = (key: string) => hashOf(key, 0, key.length) & 0xffffff;
  const slotB = (key: string) => (hashOf(key, 0, key.length) ^ hashOf(`~${key}`, 0, key.length + 1)) >>> 8;
  for (const keys of keysOf) {
    for (const k of keys) {
      const i = slotA(k);
      const j = slotB(k);
      if (a[i]! < 65535) a[i]!++;
      if (b[j]! < 65535) b[j]!++;
    }
  }
  const kept = new Set<string>();
  for (const keys of keysOf)
    for (const k of keys) if (Math.min(a[slotA(k)]!, b[slotB(k)]!) >= MIN_DF) kept.add(k);
  const features = [...kept].sort();
  const number = new Map(features.map((f, i) => [f, i]));
  log(`document frequencies (${features.length} features)`);
  const start = new Int32Array(papers.length + 1);
  const feats: number[] = [];
  keysOf.forEach((keys, d) => {
    for (const k of keys) {
      const f = number.get(k);
      if (f !== undefined) feats.push(f);
    }
    start[d + 1] = feats.length;
  });
  const topicIndex = new Map(topics.map((t, k) => [t, k]));
  const weak = new Uint8Array(papers.length * topics.length);
  papers.forEach((p, d) => {
    for (const tag of tagPaper(p, rulesPack)) {
      const k = topicIndex.get(tag.topicId);
      if (k !== undefined) weak[d * topics.length + k] = 1;
    }
  });
  log('weak labels');
  const labels = new Map([...readLabels('labels.jsonl'), ...readLabels('labels-extra.jsonl')]);
  const trainIds = new Set(
    [...readSample(), ...readExtraSample()].filter((s) => s.split === 'train').map((s) => s.id),
  );
  const human = new Map<number, Set<string>>();
  papers.forEach((p, d) => {
    if (trainIds.has(p.id) && labels.has(p.id)) human.set(d, new Set(labels.get(p.id)));
  });
  return {
    paperIds: papers.map((p) => p.id),
    docs: { start, feats: Int32Array.from(feats), featureCount: features.length },
    features,
    topics,
    weak,
    human,
    rulesPack,
  };
}
