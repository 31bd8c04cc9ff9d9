/**
 * Draws the papers of the labelled set from ../shared/corpus, reproducibly (fixed seed), and writes the
 * labelling batches (with text, for the labellers; outside the project) and the list of ids (committed).
 *
 *   npx tsx test/eval/sample-labelset.ts OUT_DIR
 *
 * Design: the split is by time. `train` = announced before 2026-01-01 (tuning is allowed on it), `test` =
 * 2026-01-01..2026-03-31 (reported, never tuned on). In each split, half the papers are drawn uniformly and
 * half uniformly from the papers whose text mentions reinforcement learning, rewards, agents, policies,
 * distillation or optimizers, so that the reference page's RL and agent topics have enough positives; the net
 * is a plain word test, independent of the topic pack's rules, so recall measured on it is not inflated.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { seededRandom } from '../../lib/random';
import { CORPUS_FILE, type CorpusPaper, SPLIT_DATE } from './labelset';

const SEED = 20261202;
export const PER_SPLIT = { train: 700, test: 600 } as const;
export const NET = /reinforcement|reward|\bRL\b|agent|\bpolic(y|ies)\b|distill|optimi[sz]er/i;

export function draw<T>(items: T[], n: number, random: () => number, taken: Set<T>): T[] {
  const pool = items.filter((x) => !taken.has(x));
  for (let i = pool.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  const out = pool.slice(0, n);
  for (const x of out) taken.add(x);
  return out;
}

function main() {
  const out = process.argv[2];
  if (!out) throw new Error('usage: tsx test/eval/sample-labelset.ts OUT_DIR');
  const papers = gunzipSync(readFileSync(CORPUS_FILE))
    .toString('utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as CorpusPaper);
  const random = seededRandom(SEED);
  const chosen: { paper: CorpusPaper; split: 'train' | 'test' }[] = [];
  for (const split of ['train', 'test'] as const) {
    const inSplit = papers.filter((p) => (split === 'train') === p.announced < SPLIT_DATE);
    const taken = new Set<CorpusPaper>();
    const half = PER_SPLIT[split] / 2;
    const net = inSplit.filter((p) => NET.test(`${p.title} ${p.abstract}`));
    for (const p of [...draw(inSplit, half, random, taken), ...draw(net, half, random, taken)])
      chosen.push({ paper: p, split });
  }
  // Labelling order is shuffled so a labeller never sees the papers grouped by split or by net.
  const order = draw(chosen, chosen.length, random, new Set());
  mkdirSync(out, { recursive: true });
  writeFileSync(
    join(out, 'sample.jsonl'),
    `${order
      .map(({ paper, split }) => JSON.stringify({ id: paper.id, split, announced: paper.announced }))
      .join('\n')}\n`,
  );
  writeFileSync(
    join(out, 'papers.jsonl'),
    `${order
      .map(({ paper }) =>
        JSON.stringify({
          id: paper.id,
          title: paper.title,
          abstract: paper.abstract,
          categories: paper.categories,
        }),
      )
      .join('\n')}\n`,
  );
  console.log(`${order.length} papers -> ${out}`);
}

if (process.argv[1]?.endsWith('sample-labelset.ts')) main();
