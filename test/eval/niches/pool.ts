/**
 * Candidates for judging the niches of niches.json (topics learned from examples, issue 37), per niche and per
 * split (TRAIN months, TEST months): the papers its word net finds (at most NET_CAP, drawn with a fixed seed),
 * their nearest neighbours that the net misses (what a net cannot find), and papers of the niche's area (its
 * hard negatives). A judge then reads every candidate and decides by the niche's definition.
 *
 *   npx tsx test/eval/niches/pool.ts                 # writes labels/niches/pools.jsonl
 *   npx tsx test/eval/niches/pool.ts text DIR        # one file per pool, with the papers' text, for the judges
 *   npx tsx test/eval/niches/pool.ts check NICHE SPLIT VERDICTS.jsonl --judge NAME
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { seededRandom } from '../../../lib/random';
import { loadPack } from '../../../lib/topics/load-pack';
import { tagPaper } from '../../../lib/topics/tagger';
import { readCorpus } from '../corpus';
import { nearestNeighbours } from '../judged/neighbours';
import { type CorpusPaper, SPLIT_DATE } from '../labelset';

import { NICHES_DIR, POOLS_FILE, type Pool, readNiches, readPools, type Split } from './niches';

const SEED = 20261237;
const NET_CAP = 90;
const NEIGHBOURS = 30;
const AREA = 30;
function shuffle<T>(items: T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

function pools(): Pool[] {
  const pack = loadPack();
  const random = seededRandom(SEED);
  const out: Pool[] = [];
  for (const split of ['train', 'test'] as const) {
    const papers = readCorpus().filter((p) => (split === 'train') === p.announced < SPLIT_DATE);
    const neighbours = nearestNeighbours(papers, 5);
    const topics = papers.map((p) => new Set(tagPaper(p, pack).map((t) => t.topicId)));
    for (const niche of readNiches()) {
      const net = new RegExp(niche.net, 'i');
      const inNet = papers.map((p) => net.test(`${p.title} ${p.abstract}`));
      const hits = shuffle(
        papers.map((_, i) => i).filter((i) => inNet[i]),
        random,
      ).slice(0, NET_CAP);
      const near = new Map<number, number>();
      for (const i of hits)
        for (const { index } of neighbours[i]!)
          if (!inNet[index]) near.set(index, (near.get(index) ?? 0) + 1);
      const nearest = [...near]
        .sort((a, b) => b[1] - a[1] || a[0] - b[0])
        .slice(0, NEIGHBOURS)
        .map(([i]) => i);
      const taken = new Set([...hits, ...nearest]);
      const area = shuffle(
        papers
          .map((_, i) => i)
          .filter((i) => !inNet[i] && !taken.has(i) && niche.area.some((a) => topics[i]!.has(a))),
        random,
      ).slice(0, AREA);
      const ids = shuffle([...hits, ...nearest, ...area], random).map((i) => papers[i]!.id);
      out.push({ niche: niche.id, split, ids });
      console.log(
        `${niche.id} ${split}: ${hits.length} net, ${nearest.length} neighbours, ${area.length} area`,
      );
    }
  }
  return out;
}

function text(dir: string) {
  mkdirSync(dir, { recursive: true });
  const byId = new Map<string, CorpusPaper>(readCorpus().map((p) => [p.id, p]));
  const niches = new Map(readNiches().map((n) => [n.id, n]));
  for (const pool of readPools()) {
    const niche = niches.get(pool.niche)!;
    const blocks = pool.ids.map((id, i) => {
      const p = byId.get(id)!;
      return `## ${i + 1}. ${id}\nTitle: ${p.title}\nCategories: ${p.categories.join(', ')}\nAbstract: ${p.abstract}`;
    });
    writeFileSync(
      join(dir, `${pool.niche}-${pool.split}.md`),
      `# Niche: ${niche.name} (${pool.niche}), ${pool.split} months, ${pool.ids.length} papers\n\nDefinition: ${niche.definition}\n\n${blocks.join('\n\n')}\n`,
    );
  }
}

function check(niche: string, split: Split, file: string, judge: string) {
  const pool = readPools().find((p) => p.niche === niche && p.split === split);
  if (!pool) throw new Error(`no pool ${niche} ${split}`);
  const verdicts = new Map<string, string>();
  const errors: string[] = [];
  for (const [n, line] of readFileSync(file, 'utf8').split('\n').entries()) {
    if (!line.trim()) continue;
    try {
      const v = JSON.parse(line) as { id?: unknown; label?: unknown };
      if (typeof v.id !== 'string' || (v.label !== 'yes' && v.label !== 'no'))
        errors.push(`line ${n + 1}: needs {"id", "label": "yes" | "no"}`);
      else if (verdicts.has(v.id)) errors.push(`line ${n + 1}: ${v.id} twice`);
      else verdicts.set(v.id, v.label);
    } catch {
      errors.push(`line ${n + 1}: not JSON`);
    }
  }
  for (const id of pool.ids) if (!verdicts.has(id)) errors.push(`${id}: not judged`);
  for (const id of verdicts.keys()) if (!pool.ids.includes(id)) errors.push(`${id}: not in this pool`);
  if (errors.length) {
    console.error(`${errors.length} problems:\n${errors.slice(0, 40).join('\n')}`);
    process.exit(1);
  }
  const date = new Date().toISOString().slice(0, 10);
  const out = join(NICHES_DIR, `${niche}-${split}.jsonl`);
  writeFileSync(
    out,
    `${pool.ids.map((id) => JSON.stringify({ id, label: verdicts.get(id), judge, date })).join('\n')}\n`,
  );
  const yes = [...verdicts.values()].filter((v) => v === 'yes').length;
  console.log(`ok: ${pool.ids.length} papers, ${yes} yes -> ${out}`);
}

const [command, a, b, c, ...rest] = process.argv.slice(2);
if (!command) {
  mkdirSync(NICHES_DIR, { recursive: true });
  const all = pools();
  writeFileSync(POOLS_FILE, `${all.map((p) => JSON.stringify(p)).join('\n')}\n`);
} else if (command === 'text' && a) text(a);
else if (command === 'check' && a && (b === 'train' || b === 'test') && c && rest[0] === '--judge' && rest[1])
  check(a, b, c, rest[1]);
else {
  console.error('usage: pool.ts | pool.ts text DIR | pool.ts check NICHE SPLIT VERDICTS.jsonl --judge NAME');
  process.exit(2);
}
if (existsSync(POOLS_FILE) && !command) console.log(`-> ${POOLS_FILE}`);
