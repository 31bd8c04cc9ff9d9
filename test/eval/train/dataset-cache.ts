/**
 * The training set takes minutes to build on a shared machine (featurising and rule-tagging 40k papers),
 * so it is kept in the system's temp folder under a digest of everything it is made from (corpus,
 * compiled rules, labels, and this code's own files). A cache only: the result is the same without it.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CORPUS_FILE, PROJECT } from '../labelset';
import type { Dataset } from './dataset';

const INPUTS = [
  'lib/topics/data/compiled.json',
  'test/eval/labels/labels.jsonl',
  'test/eval/labels/sample.jsonl',
  'test/eval/labels/labels-extra.jsonl',
  'test/eval/labels/sample-extra.jsonl',
  'test/eval/labels/topics.json',
  'test/eval/train/dataset.ts',
  'lib/topics/model/features.ts',
  'lib/topics/matching/text.ts',
];

function digest(): string {
  const h = createHash('sha256');
  for (const f of INPUTS) {
    const path = join(PROJECT, f);
    h.update(existsSync(path) ? readFileSync(path) : `${f} absent`);
  }
  h.update(readFileSync(CORPUS_FILE));
  return h.digest('hex').slice(0, 16);
}

type Stored = Omit<Dataset, 'rulesPack' | 'human' | 'docs' | 'weak'> & {
  human: [number, string[]][];
  start: string;
  feats: string;
  weak: string;
  featureCount: number;
};

const b64 = (a: ArrayBufferView) => Buffer.from(a.buffer, a.byteOffset, a.byteLength).toString('base64');

export function cacheDir(): string {
  const dir = join(tmpdir(), 'pulse-train-cache');
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** The dataset, and the digest of its inputs (a key for what is trained from it). */
export function cachedDataset(
  build: () => Dataset,
  rulesPack: () => Dataset['rulesPack'],
): { ds: Dataset; key: string } {
  const key = digest();
  return { ds: loadOrBuild(build, rulesPack, join(cacheDir(), `${key}.json`)), key };
}

function loadOrBuild(build: () => Dataset, rulesPack: () => Dataset['rulesPack'], path: string): Dataset {
  if (existsSync(path)) {
    const s = JSON.parse(readFileSync(path, 'utf8')) as Stored;
    const buf = (x: string) => Buffer.from(x, 'base64');
    const st = buf(s.start);
    const fe = buf(s.feats);
    return {
      rulesPack: rulesPack(),
      paperIds: s.paperIds,
      features: s.features,
      topics: s.topics,
      human: new Map(s.human.map(([d, l]) => [d, new Set(l)])),
      docs: {
        start: new Int32Array(st.buffer, st.byteOffset, st.byteLength / 4).slice(),
        feats: new Int32Array(fe.buffer, fe.byteOffset, fe.byteLength / 4).slice(),
        featureCount: s.featureCount,
      },
      weak: Uint8Array.from(buf(s.weak)),
    };
  }
  const ds = build();
  const stored: Stored = {
    features: ds.features,
    topics: ds.topics,
    paperIds: ds.paperIds,
    human: [...ds.human].map(([d, l]) => [d, [...l]]),
    start: b64(ds.docs.start),
    feats: b64(ds.docs.feats),
    weak: b64(ds.weak),
    featureCount: ds.docs.featureCount,
  };
  writeFileSync(path, JSON.stringify(stored));
  return ds;
}
