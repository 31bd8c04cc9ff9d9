/**
 * The papers whose every chip is judged by reading them whole: 150 papers of the TEST months (2026-01..03)
 * that are not in the labelled set, drawn with a fixed seed. `npx tsx test/eval/chip-sample.ts OUT_DIR` writes
 * them with their current chips for a judge (text stays outside the project); the verdicts are committed in
 * labels/chip-judgments.jsonl and `npm run eval` reads them (eval-chips.ts).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TaggableText } from '../../lib/paper';
import { type CompiledPack, loadPack } from '../../lib/topics/pack/load';
import { tagPaper } from '../../lib/topics/scoring/tagger';
import { readCorpus } from './corpus';
import { readSample } from './label-files';
import { type CorpusPaper, SPLIT_DATE } from './labelset';

const SEED = 777;
const SIZE = 150;

/** mulberry32, as sample-labelset.ts. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The fine chips a paper shows (parents included, arXiv categories not: those come from arXiv itself). */
export function fineChips(pack: CompiledPack, paper: TaggableText): string[] {
  return tagPaper(paper, pack)
    .filter((t) => pack.byId.get(t.topicId)?.kind === 'fine')
    .map((t) => t.topicId);
}

export function chipSample(): CorpusPaper[] {
  const labelled = new Set(readSample().map((r) => r.id));
  const pool = readCorpus().filter((p) => p.announced >= SPLIT_DATE && !labelled.has(p.id));
  const random = rng(SEED);
  for (let i = pool.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  return pool.slice(0, SIZE);
}

function main() {
  const out = process.argv[2];
  if (!out) throw new Error('usage: tsx test/eval/chip-sample.ts OUT_DIR');
  const pack = loadPack();
  const rows = chipSample().map((p) => ({
    id: p.id,
    title: p.title,
    abstract: p.abstract,
    categories: p.categories,
    chips: fineChips(pack, p).map((id) => {
      const topic = pack.byId.get(id)!;
      return { id, name: topic.name, description: topic.description };
    }),
  }));
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, 'papers.jsonl'), `${rows.map((r) => JSON.stringify(r)).join('\n')}\n`);
  console.log(`${rows.length} papers, ${rows.reduce((n, r) => n + r.chips.length, 0)} chips -> ${out}`);
}

if (process.argv[1]?.endsWith('chip-sample.ts')) main();
