/**
 * The papers whose every chip is judged by reading them whole: 150 papers of the TEST months (2026-01..03)
 * that are not in the labelled set, drawn with a fixed seed (reported only), and 1,560 of the TRAIN months
 * (before 2026-01-01; these may be tuned on). `npx tsx test/eval/chip-sample.ts OUT_DIR` writes
 * them with their current chips for a judge (text stays outside the project); the verdicts are committed in
 * labels/chip-judgments.jsonl and `npm run eval` reads them (eval-chips.ts).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { orderChips } from '../../components/inpage/chip-row';
import type { TopicSummary } from '../../lib/messages/schemas';
import type { TaggableText } from '../../lib/paper';
import { seededRandom } from '../../lib/random';
import { type CompiledPack, loadPack } from '../../lib/topics/load-pack';
import { createSpecificity } from '../../lib/topics/specificity';
import { tagPaper } from '../../lib/topics/tagger';
import { readCorpus } from './corpus';
import { readSample } from './label-files';
import { type CorpusPaper, SPLIT_DATE } from './labelset';

/** The TEST-month sample (report only) and a TRAIN-month sample (tuning allowed), each with its own seed. */
export const CHIP_SAMPLES = {
  test: { seed: 777, size: 150, file: 'chip-judgments.jsonl' },
  train: { seed: 4242, size: 1560, file: 'chip-judgments-train.jsonl' },
} as const;
export type ChipSplit = keyof typeof CHIP_SAMPLES;

/**
 * The fine chips a paper's row shows before "+N", as the chip row orders them (components/inpage/chip-row.ts:
 * up to MAX_FINE_CHIPS of its most specific fine topics, strongest first, a parent implied by a child shown
 * never); arXiv categories are left out, they come from arXiv itself.
 */
export function fineChips(pack: CompiledPack, paper: TaggableText): string[] {
  const tags = tagPaper(paper, pack).map((t) => ({ id: t.topicId, score: t.score }));
  const specificity = specificityOf(pack);
  const topicOf = (id: string): TopicSummary | undefined => {
    const topic = pack.byId.get(id);
    return (
      topic && {
        id,
        name: topic.name,
        kind: topic.kind,
        followed: false,
        muted: false,
        broader: specificity.broader(id),
        field: specificity.isField(id),
        momentum: null,
        weekly: [],
      }
    );
  };
  const { chips, visible } = orderChips(tags, topicOf);
  return chips
    .slice(0, visible)
    .filter((c) => c.topic.kind === 'fine')
    .map((c) => c.tag.id);
}

const specificities = new WeakMap<CompiledPack, ReturnType<typeof createSpecificity>>();
/** The pack's hierarchy as the background sends it with each topic (lib/topics/specificity.ts). */
function specificityOf(pack: CompiledPack) {
  let known = specificities.get(pack);
  if (!known) {
    known = createSpecificity(pack.topics);
    specificities.set(pack, known);
  }
  return known;
}

export function chipSample(split: ChipSplit = 'test'): CorpusPaper[] {
  const labelled = new Set(readSample().map((r) => r.id));
  const inSplit = (p: CorpusPaper) =>
    split === 'test' ? p.announced >= SPLIT_DATE : p.announced < SPLIT_DATE;
  const pool = readCorpus().filter((p) => inSplit(p) && !labelled.has(p.id));
  const { seed, size } = CHIP_SAMPLES[split];
  const random = seededRandom(seed);
  for (let i = pool.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  return pool.slice(0, size);
}

function main() {
  const out = process.argv[2];
  const split = process.argv[3] ?? 'test';
  if (!out || (split !== 'test' && split !== 'train'))
    throw new Error('usage: tsx test/eval/chip-sample.ts OUT_DIR [test|train]');
  const pack = loadPack();
  const rows = chipSample(split).map((p) => ({
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
