/**
 * More labelled TRAIN papers, for training the learned layer only (never reported): rounds of 800 papers announced
 * before 2026-01-01 that are in neither the labelled set (sample.jsonl) nor a chip review, drawn with a
 * fixed seed, half uniformly and half from a plain word net over the labelled topics' subjects (wider than
 * sample-labelset.ts's RL/agent net: tools, reasoning, evaluation, retrieval, transfer...), so the topics the
 * rules miss most get positives. Independent of the pack's rules, so what the labels teach is not the rules.
 *
 *   npx tsx test/eval/sample-extra.ts OUT_DIR
 *
 * writes OUT_DIR/sample-extra.jsonl (ids, committed as labels/sample-extra.jsonl) and OUT_DIR/papers.jsonl
 * (with text, for the labellers; outside the project). Labels go to labels/labels-extra.jsonl.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { seededRandom } from '../../lib/random';
import { type ChipSplit, chipSample } from './chip-sample';
import { readCorpus } from './corpus';
import { readSample } from './label-files';
import { type CorpusPaper, SPLIT_DATE } from './labelset';
import { draw } from './sample-labelset';

const SEED = 20261203;
/** Drawn in rounds of 800 (a round is labelled before the next is drawn); earlier rounds never change. */
export const ROUND = 800;
export const ROUNDS = 2;
export const EXTRA_NET =
  /reinforcement|reward|\bRL\b|agent|\bpolic(y|ies)\b|distill|tool|reason|chain[- ]of[- ]thought|benchmark|evaluat|question answering|retriev|hallucinat|transfer|fine-?tun|safety|jailbreak|world model|diffusion|multimodal|vision[- ]language/i;

/** The chip reviews as long as they were when these rounds were drawn (the TRAIN one grew later, same draw). */
const CHIP_REVIEWS_AT_DRAW: Record<ChipSplit, number> = { test: 150, train: 360 };

export function extraSample(): CorpusPaper[] {
  const excluded = new Set(readSample().map((r) => r.id));
  for (const split of Object.keys(CHIP_REVIEWS_AT_DRAW) as ChipSplit[])
    for (const p of chipSample(split).slice(0, CHIP_REVIEWS_AT_DRAW[split])) excluded.add(p.id);
  const pool = readCorpus().filter((p) => p.announced < SPLIT_DATE && !excluded.has(p.id));
  const net = pool.filter((p) => EXTRA_NET.test(`${p.title} ${p.abstract}`));
  const taken = new Set<CorpusPaper>();
  const out: CorpusPaper[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const random = seededRandom(SEED + round);
    const chosen = [...draw(pool, ROUND / 2, random, taken), ...draw(net, ROUND / 2, random, taken)];
    out.push(...draw(chosen, chosen.length, random, new Set()));
  }
  return out;
}

function main() {
  const out = process.argv[2];
  if (!out) throw new Error('usage: tsx test/eval/sample-extra.ts OUT_DIR');
  const papers = extraSample();
  mkdirSync(out, { recursive: true });
  const lines = (rows: object[]) => `${rows.map((r) => JSON.stringify(r)).join('\n')}\n`;
  writeFileSync(
    join(out, 'sample-extra.jsonl'),
    lines(papers.map((p) => ({ id: p.id, split: 'train', announced: p.announced }))),
  );
  writeFileSync(
    join(out, 'papers.jsonl'),
    lines(papers.map((p) => ({ id: p.id, title: p.title, abstract: p.abstract, categories: p.categories }))),
  );
  console.log(`${papers.length} papers -> ${out}`);
}

if (process.argv[1]?.endsWith('sample-extra.ts')) main();
