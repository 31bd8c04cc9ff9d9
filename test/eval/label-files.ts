/** Reading the committed label files of test/eval/labels/ (ids and labels only). */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT } from './labelset';

export const LABELS_DIR = join(PROJECT, 'test', 'eval', 'labels');

export interface SampleRow {
  id: string;
  split: 'train' | 'test';
  announced: string;
}

export function readSample(): SampleRow[] {
  return readJsonLines(join(LABELS_DIR, 'sample.jsonl')) as SampleRow[];
}

/** More TRAIN papers (sample-extra.ts), labelled for training the learned layer only, never reported. */
export function readExtraSample(): SampleRow[] {
  const path = join(LABELS_DIR, 'sample-extra.jsonl');
  return existsSync(path) ? (readJsonLines(path) as SampleRow[]) : [];
}

export interface LabelTopics {
  /** The labelled topics, in topics.json order. */
  ids: Set<string>;
  order: string[];
  /** Topic -> its parents that are themselves labelled topics. */
  parents: Map<string, string[]>;
}

export function readTopics(): LabelTopics {
  const json = JSON.parse(readFileSync(join(LABELS_DIR, 'topics.json'), 'utf8')) as {
    topics: { id: string; parents: string[] }[];
  };
  const order = json.topics.map((t) => t.id);
  const ids = new Set(order);
  const parents = new Map(json.topics.map((t) => [t.id, t.parents.filter((p) => ids.has(p))]));
  return { ids, order, parents };
}

/** Labels plus every labelled ancestor, sorted. */
export function closeOverParents(labels: readonly string[], parents: Map<string, string[]>): string[] {
  const out = new Set<string>();
  const stack = [...labels];
  while (stack.length) {
    const id = stack.pop()!;
    if (out.has(id)) continue;
    out.add(id);
    stack.push(...(parents.get(id) ?? []));
  }
  return [...out].sort();
}

/** id -> labels of a committed label file; empty when the file is not there yet. */
export function readLabels(
  name: 'labels.jsonl' | 'second-pass.jsonl' | 'labels-extra.jsonl' | 'second-pass-extra.jsonl',
): Map<string, string[]> {
  const path = join(LABELS_DIR, name);
  if (!existsSync(path)) return new Map();
  return new Map((readJsonLines(path) as { id: string; labels: string[] }[]).map((r) => [r.id, r.labels]));
}

function readJsonLines(path: string): unknown[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l));
}
