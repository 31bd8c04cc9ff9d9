/**
 * Pooled recall on the TEST months (2026-01..03), the TREC way, with stratified sampling (issue 32).
 *
 *   npx tsx test/eval/pooled/pool.ts                  # writes labels/pooled/pools.jsonl (ids only)
 *   npx tsx test/eval/pooled/pool.ts text DIR         # per packet of topics, the papers' text, for the judges
 *   npx tsx test/eval/pooled/pool.ts check N VERDICTS.jsonl --judge NAME
 *
 * Evaluation topics: every fine topic that the product's tagger gives to >= 10 TEST papers, or that judged TRAIN
 * papers say should have >= 10 there. For each, four systems propose TEST papers: the rules alone, the product
 * (rules and the learned layer), the nearest judged TRAIN neighbours (a paper whose twelve nearest judged
 * neighbours hold >= 3 positives of the topic) and a plain keyword net (the topic's name and aliases as
 * phrases). Every TEST paper falls in one stratum per topic: which of the four proposed it. Up to PER_STRATUM
 * papers of each proposed stratum are drawn (fixed seed) and judged blind: the judge sees the topic's definition
 * and the papers, never which system proposed what. The fifth system, a random slice, is the fresh sample of
 * fresh.ts, judged whole: it estimates what no system proposed.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { seededRandom } from '../../../lib/random';
import { loadPack } from '../../../lib/topics/load-pack';
import { tagPaper } from '../../../lib/topics/tagger';
import { readCorpus } from '../corpus';
import { readJudgedPapers } from '../judged/labels';
import { nearestNeighbours } from '../judged/neighbours';
import { LABELS_DIR } from '../label-files';
import { type CorpusPaper, SPLIT_DATE } from '../labelset';

import { rulesOnlyPack } from '../train/judged-dataset';

const SEED = 20261232;
export const PER_STRATUM = 8;
const MIN_EXPECTED = 10;
const TOPICS_PER_PACKET = 6;
export const POOLED_DIR = join(LABELS_DIR, 'pooled');
const POOLS_FILE = join(POOLED_DIR, 'pools.jsonl');
export const SYSTEMS = ['rules', 'product', 'neighbours', 'keywords'] as const;

export interface TopicPool {
  topic: string;
  packet: number;
  /** Stratum (bit i: proposed by SYSTEMS[i]) -> how many TEST papers are in it. */
  sizes: Record<string, number>;
  /** Stratum -> the papers drawn from it for judging. */
  drawn: Record<string, string[]>;
}

export function readTopicPools(): TopicPool[] {
  return readFileSync(POOLS_FILE, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as TopicPool);
}

function fineOf(pack: ReturnType<typeof loadPack>, paper: CorpusPaper): Set<string> {
  return new Set(
    tagPaper(paper, pack)
      .filter((t) => pack.byId.get(t.topicId)?.kind === 'fine')
      .map((t) => t.topicId),
  );
}

function keywordNet(names: string[]): RegExp {
  const escaped = names
    .filter((n) => n.length >= 3)
    .map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/[- ]+/g, '[- ]?'));
  return new RegExp(`\\b(?:${escaped.join('|')})\\b`, 'i');
}

/**
 * Which of the four systems propose each topic for each of `papers` (TEST-month papers): bit i of
 * `bits(n, topic)` is SYSTEMS[i]. Used to draw the pools and, by the eval, to place the random slice's papers.
 */
export function proposers(papers: readonly CorpusPaper[]) {
  const pack = loadPack();
  const rules = rulesOnlyPack();
  const judged = readJudgedPapers(rules);
  const byId = new Map(readCorpus().map((p) => [p.id, p]));
  const judgedPapers = judged.map((j) => byId.get(j.id)!);
  const product = papers.map((p) => fineOf(pack, p));
  const ruled = papers.map((p) => fineOf(rules, p));
  // Neighbours among judged TRAIN papers, for every paper.
  const near = nearestNeighbours([...judgedPapers, ...papers], 40).slice(judgedPapers.length);
  const votes = papers.map((_, i) => {
    const counts = new Map<string, number>();
    const judgedNear = near[i]!.filter((n) => n.index < judgedPapers.length).slice(0, 12);
    for (const { index } of judgedNear)
      for (const t of judged[index]!.positives) counts.set(t, (counts.get(t) ?? 0) + 1);
    return counts;
  });
  const nets = new Map<string, RegExp>();
  const netOf = (id: string) => {
    let net = nets.get(id);
    if (!net) {
      const topic = pack.byId.get(id)!;
      net = keywordNet([topic.name, ...topic.aliases]);
      nets.set(id, net);
    }
    return net;
  };
  const bits = (n: number, topic: string) =>
    (ruled[n]!.has(topic) ? 1 : 0) |
    (product[n]!.has(topic) ? 2 : 0) |
    ((votes[n]!.get(topic) ?? 0) >= 3 ? 4 : 0) |
    (netOf(topic).test(`${papers[n]!.title} ${papers[n]!.abstract}`) ? 8 : 0);
  return { pack, judged, product, bits };
}

function pools(): TopicPool[] {
  const test = readCorpus().filter((p) => p.announced >= SPLIT_DATE);
  const { pack, judged, product, bits: bitsOf } = proposers(test);
  const trainRate = new Map<string, number>();
  for (const j of judged.filter((p) => p.half === 'uniform'))
    for (const t of j.positives) trainRate.set(t, (trainRate.get(t) ?? 0) + 1);
  const uniform = judged.filter((p) => p.half === 'uniform').length;
  const random = seededRandom(SEED);
  const out: TopicPool[] = [];
  for (const topic of pack.topics.filter((t) => t.kind === 'fine')) {
    const given = product.filter((s) => s.has(topic.id)).length;
    const expected = ((trainRate.get(topic.id) ?? 0) / Math.max(1, uniform)) * test.length;
    if (given < MIN_EXPECTED && expected < MIN_EXPECTED) continue;
    const strata = new Map<number, number[]>();
    test.forEach((_, i) => {
      const bits = bitsOf(i, topic.id);
      if (bits === 0) return;
      const list = strata.get(bits) ?? [];
      list.push(i);
      strata.set(bits, list);
    });
    const sizes: Record<string, number> = {};
    const drawn: Record<string, string[]> = {};
    for (const [bits, members] of [...strata].sort((a, b) => a[0] - b[0])) {
      sizes[bits] = members.length;
      const copy = [...members];
      for (let i = copy.length - 1; i > 0; i--) {
        const j = Math.floor(random() * (i + 1));
        [copy[i], copy[j]] = [copy[j]!, copy[i]!];
      }
      drawn[bits] = copy.slice(0, PER_STRATUM).map((i) => test[i]!.id);
    }
    out.push({ topic: topic.id, packet: 0, sizes, drawn });
  }
  out.forEach((p, i) => {
    p.packet = Math.floor(i / TOPICS_PER_PACKET) + 1;
  });
  return out;
}

/** The papers of one topic's pool, shuffled so that nothing tells which stratum (system) a paper came from. */
export function poolPapers(pool: TopicPool): string[] {
  const ids = [...new Set(Object.values(pool.drawn).flat())].sort();
  const random = seededRandom(SEED + ids.length);
  for (let i = ids.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [ids[i], ids[j]] = [ids[j]!, ids[i]!];
  }
  return ids;
}

function text(dir: string) {
  mkdirSync(dir, { recursive: true });
  const pack = loadPack();
  const byId = new Map(readCorpus().map((p) => [p.id, p]));
  const packets = new Map<number, TopicPool[]>();
  for (const p of readTopicPools()) packets.set(p.packet, [...(packets.get(p.packet) ?? []), p]);
  for (const [n, list] of packets) {
    const sections = list.map((pool) => {
      const t = pack.byId.get(pool.topic)!;
      const papers = poolPapers(pool).map((id) => {
        const p = byId.get(id)!;
        return `### ${id}\nTitle: ${p.title}\nCategories: ${p.categories.join(', ')}\nAbstract: ${p.abstract}`;
      });
      return `## Topic \`${t.id}\`: ${t.name}\nDefinition: ${t.description}${t.aliases.length ? ` (also called: ${t.aliases.join('; ')})` : ''}\n\n${papers.join('\n\n')}`;
    });
    writeFileSync(
      join(dir, `pooled-${String(n).padStart(3, '0')}.md`),
      `# Pooled packet ${n}\n\n${sections.join('\n\n')}\n`,
    );
  }
  console.log(`${packets.size} packets -> ${dir}`);
}

function check(n: number, file: string, judge: string) {
  const pools = readTopicPools().filter((p) => p.packet === n);
  const expected = new Set(pools.flatMap((p) => poolPapers(p).map((id) => `${p.topic} ${id}`)));
  const verdicts = new Map<string, 'yes' | 'no'>();
  const errors: string[] = [];
  for (const [i, line] of readFileSync(file, 'utf8').split('\n').entries()) {
    if (!line.trim()) continue;
    try {
      const v = JSON.parse(line) as { topic?: unknown; id?: unknown; label?: unknown };
      const key = `${v.topic} ${v.id}`;
      if (typeof v.topic !== 'string' || typeof v.id !== 'string' || (v.label !== 'yes' && v.label !== 'no'))
        errors.push(`line ${i + 1}: needs {"topic", "id", "label": "yes" | "no"}`);
      else if (!expected.has(key)) errors.push(`line ${i + 1}: ${key} is not in packet ${n}`);
      else if (verdicts.has(key)) errors.push(`line ${i + 1}: ${key} twice`);
      else verdicts.set(key, v.label);
    } catch {
      errors.push(`line ${i + 1}: not JSON`);
    }
  }
  for (const key of expected) if (!verdicts.has(key)) errors.push(`${key}: not judged`);
  if (errors.length) {
    console.error(`${errors.length} problems:\n${errors.slice(0, 40).join('\n')}`);
    process.exit(1);
  }
  const date = new Date().toISOString().slice(0, 10);
  const out = join(POOLED_DIR, `pooled-${String(n).padStart(3, '0')}.jsonl`);
  const lines = [...verdicts].map(([key, label]) => {
    const [topic, id] = key.split(' ');
    return JSON.stringify({ topic, id, label, judge, date });
  });
  writeFileSync(out, `${lines.join('\n')}\n`);
  console.log(`ok: ${lines.length} verdicts -> ${out}`);
}

function main() {
  const [command, a, b, ...rest] = process.argv.slice(2);
  if (!command) {
    mkdirSync(POOLED_DIR, { recursive: true });
    const all = pools();
    writeFileSync(POOLS_FILE, `${all.map((p) => JSON.stringify(p)).join('\n')}\n`);
    const judgments = all.reduce((s, p) => s + poolPapers(p).length, 0);
    console.log(
      `${all.length} topics, ${judgments} (topic, paper) pairs to judge, ${all[all.length - 1]?.packet} packets`,
    );
  } else if (command === 'text' && a) text(a);
  else if (command === 'check' && a && b && rest[0] === '--judge' && rest[1]) check(Number(a), b, rest[1]);
  else {
    console.error('usage: pool.ts | pool.ts text DIR | pool.ts check N VERDICTS.jsonl --judge NAME');
    process.exit(2);
  }
}

if (process.argv[1]?.endsWith('pooled/pool.ts')) main();
