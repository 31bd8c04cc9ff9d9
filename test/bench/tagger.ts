/**
 * Tagger speed: papers tagged per second on one core with the full pack, time to validate and compile the
 * pack, and the bytes the pack adds to the bundle. Called by `npm run bench`; also runs alone:
 * `npx tsx test/bench/tagger.ts`.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { readJsonl } from '../../lib/cli/read-papers';
import type { TaggableText } from '../../lib/paper';
import { compilePack } from '../../lib/topics/pack';
import { PACK_DATA } from '../../lib/topics/pack-data';
import { tagPaper } from '../../lib/topics/tagger';
import { words as splitWords } from '../../lib/topics/text';

const PROJECT = fileURLToPath(new URL('../../', import.meta.url));
const SHARED_CORPUS = join(
  PROJECT,
  '..',
  'shared',
  'fixtures',
  'corpus',
  'daily-arxiv-ai-enhanced_2026-06-24.jsonl',
);
const OWN_FIXTURE = join(PROJECT, 'test', 'fixtures', 'topics', 'papers.jsonl');

/** Real abstracts: the shared CS day when it is beside the project, else this project's own fixture. */
function papers(): { source: string; papers: TaggableText[] } {
  const path = existsSync(SHARED_CORPUS) ? SHARED_CORPUS : OWN_FIXTURE;
  return { source: relative(PROJECT, path), papers: readJsonl(readFileSync(path, 'utf8'), path) };
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

export async function benchTagger(): Promise<Record<string, number | string>> {
  // Cold: the first compile in this process, as in a freshly started service worker.
  let t0 = performance.now();
  const pack = compilePack(PACK_DATA);
  const compileColdMs = performance.now() - t0;
  const warm: number[] = [];
  for (let i = 0; i < 5; i++) {
    t0 = performance.now();
    compilePack(PACK_DATA);
    warm.push(performance.now() - t0);
  }

  const { source, papers: sample } = papers();
  for (const p of sample) tagPaper(p, pack); // warm-up (JIT, stem cache)
  let tagged = 0;
  let tags = 0;
  t0 = performance.now();
  while (performance.now() - t0 < 2000) {
    for (const p of sample) tags += tagPaper(p, pack).length;
    tagged += sample.length;
  }
  const seconds = (performance.now() - t0) / 1000;

  // A floor for comparison across machines: only splitting the same text into words (one regex per field).
  let split = 0;
  let wordCount = 0;
  t0 = performance.now();
  while (performance.now() - t0 < 1000) {
    for (const p of sample) wordCount += splitWords(p.title).length + splitWords(p.abstract).length;
    split += sample.length;
  }
  const splitSeconds = (performance.now() - t0) / 1000;

  const packDir = join(PROJECT, 'lib', 'topics', 'pack');
  const files = readdirSync(packDir).filter((f) => f.endsWith('.json'));
  const raw = Buffer.concat(files.map((f) => readFileSync(join(packDir, f))));
  const minified = Buffer.from(JSON.stringify(PACK_DATA));

  return {
    sample: `${sample.length} papers from ${source}, ${Math.round(wordCount / split)} words each on average`,
    fineTopics: pack.rules.length,
    allTopics: pack.topics.length,
    phrasePatterns: pack.index.patternCount,
    papersPerSecond: Math.round(tagged / seconds),
    wordSplitOnlyPapersPerSecond: Math.round(split / splitSeconds),
    tagsPerPaper: Math.round((100 * tags) / tagged) / 100,
    packCompileColdMs: Math.round(compileColdMs * 10) / 10,
    packCompileWarmMs: Math.round(median(warm) * 10) / 10,
    packJsonBytes: raw.length,
    packMinifiedBytes: minified.length,
    packGzipBytes: gzipSync(minified).length,
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  benchTagger().then((r) => {
    for (const [k, v] of Object.entries(r)) console.log(`${k}: ${v}`);
  });
}
