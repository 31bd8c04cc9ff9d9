import type { DiscoverPaper } from '@/lib/discover/acronym-aliases';

const DAY = 86_400_000;
const FIELDS = [
  'protein folding',
  'robot grasping',
  'speech coding',
  'graph mining',
  'image denoising',
  'tax law',
];
const CATS = ['cs.CV', 'cs.CL', 'cs.AI', 'cs.RO'];
const TASKS = [
  'kv cache eviction',
  'token budgets',
  'retrieval heads',
  'code completion',
  'speculative decoding',
  'long documents',
  'streaming speech',
  'video frames',
  'genome reads',
];

/** 120 days of background papers before `T`, three a day, each subject keeping to its own vocabulary. */
export function steadyPapers(T: number): DiscoverPaper[] {
  const papers: DiscoverPaper[] = [];
  for (let d = 0; d < 120; d++) {
    for (let k = 0; k < 3; k++) {
      const f = FIELDS[(d + k) % FIELDS.length]!;
      papers.push({
        id: `b${d}-${k}`,
        title: `Notes on ${f}`,
        abstract: `We revisit ${f} with careful ${f} baselines. Results on ${f} benchmarks improve.`,
        categories: [CATS[(d + k) % CATS.length]!],
        date: T - d * DAY,
      });
    }
  }
  return papers;
}

/** A paper of a new name, "Zebra Sparse Attention (ZSA)", `i + 1` days before `T` (i from 0 to 8). */
export function zebraPaper(T: number, i: number): DiscoverPaper {
  const name = i % 2 ? 'Zebra Sparse Attention (ZSA)' : 'zebra sparse attentions';
  return {
    id: `z${i}`,
    title: i % 3 ? `ZSA for ${TASKS[8 - i]!}` : 'Scaling zebra-sparse attention',
    abstract: `We study ${name} for ${TASKS[i]!}.`,
    categories: ['cs.CL'],
    date: T - (i + 1) * DAY,
  };
}
