/**
 * Two taggers' speed in one process, back to back: this checkout's and a baseline checkout's (default
 * ../main or ../../main; `PARITY_BASELINE=/path`, a whole checkout with its tsconfig and .wxt, which tsx
 * compiles by). Each tags the real corpus's last 12 weeks of cs.AI/LG/CL (bench tagger's sample) in
 * alternating rounds (ABBA), timed in CPU seconds of this process, so other work on a busy machine moves
 * both sides alike; wall-clock rates are printed beside them. Two calls are compared: `tagPaper` (what a
 * page's chips use) and what the stored index keeps (`tagPaperScores` where a checkout has it, else
 * `tagPaper`, as toStored called it). `npx tsx test/bench/tagger-versus.ts [rounds]` (default 8).
 */
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TaggableText } from '../../lib/paper';
import { corpusMissing, corpusPapers } from './real-corpus';
import { baselineRoot } from './tagger-parity';

const HERE = fileURLToPath(new URL('../../', import.meta.url));

type Tag = (paper: TaggableText) => number;

async function taggers(root: string): Promise<{ chips: Tag; stored: Tag }> {
  const { loadPack } = await import(resolve(root, 'lib', 'topics', 'load-pack.ts'));
  const { tagPaper, tagPaperScores } = await import(resolve(root, 'lib', 'topics', 'tagger.ts'));
  const pack = loadPack();
  const keep = tagPaperScores ?? tagPaper;
  return {
    chips: (paper) => tagPaper(paper, pack).length,
    stored: (paper) => keep(paper, pack, []).length,
  };
}

const median = (xs: readonly number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;

/** Papers per CPU second and per wall second of `tag` over the sample, twice through. */
function round(tag: Tag, papers: readonly TaggableText[]) {
  const cpu = process.cpuUsage();
  const wall = performance.now();
  for (let r = 0; r < 2; r++) for (const p of papers) tag(p);
  const used = process.cpuUsage(cpu);
  return {
    cpu: (2 * papers.length) / ((used.user + used.system) / 1e6),
    wall: (2 * papers.length) / ((performance.now() - wall) / 1000),
  };
}

function compare(name: string, base: Tag, ours: Tag, papers: readonly TaggableText[], rounds: number) {
  // Warm-up (JIT, word tables).
  for (const p of papers) {
    base(p);
    ours(p);
  }
  const rates = {
    base: { cpu: [] as number[], wall: [] as number[] },
    ours: { cpu: [] as number[], wall: [] as number[] },
  };
  for (let r = 0; r < rounds; r++) {
    const order = r % 2 === 0 ? (['base', 'ours'] as const) : (['ours', 'base'] as const);
    for (const side of order) {
      const { cpu, wall } = round(side === 'base' ? base : ours, papers);
      rates[side].cpu.push(Math.round(cpu));
      rates[side].wall.push(Math.round(wall));
    }
  }
  const b = median(rates.base.cpu);
  const o = median(rates.ours.cpu);
  console.log(
    `${name}: baseline ${b} papers/CPU-s (rounds ${rates.base.cpu.join(' ')}; wall ${rates.base.wall.join(' ')})`,
  );
  console.log(
    `${name}: this checkout ${o} papers/CPU-s (rounds ${rates.ours.cpu.join(' ')}; wall ${rates.ours.wall.join(' ')})`,
  );
  console.log(`${name}: this / baseline, medians of CPU rates: ${(o / b).toFixed(3)}`);
}

async function main() {
  const missing = corpusMissing();
  if (missing) throw new Error(missing);
  const rounds = Number(process.argv[2]) || 8;
  const papers = corpusPapers({ weeks: 12 });
  const root = baselineRoot();
  const base = await taggers(root);
  const ours = await taggers(HERE);
  console.log(
    `${papers.length} papers; baseline ${root}, this checkout ${HERE}; load ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  compare('tagPaper', base.chips, ours.chips, papers, rounds);
  compare('stored tags', base.stored, ours.stored, papers, rounds);
  console.log(
    `load after: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
