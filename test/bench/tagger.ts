/**
 * Tagger speed: papers tagged per second on one core with the full pack, time to load the pack, and the
 * bytes the pack adds to the bundle. Called by `npm run bench`; also runs alone:
 * `npx tsx test/bench/tagger.ts`. Timings are best (and median) of several runs; the machine's load
 * average is printed with them, since other work on the machine slows every number down.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { readJsonl } from '../../lib/cli/read-papers';
import type { TaggableText } from '../../lib/paper';
import { words as splitWords } from '../../lib/text/words';
import { type CompiledPack, loadPack } from '../../lib/topics/load-pack';
import { loadCompiledPack } from '../../lib/topics/pack/artifact';
import { compilePack } from '../../lib/topics/pack/compile';
import { PACK_DATA } from '../../lib/topics/pack/source';
import { tagPaper } from '../../lib/topics/tagger';
import { CORPUS_FILE, corpusMissing, corpusPapers } from './real-corpus';

const PROJECT = fileURLToPath(new URL('../../', import.meta.url));
const TOPICS = join(PROJECT, 'lib', 'topics');
const COMPILED = join(TOPICS, 'data', 'compiled.json');
const MODEL = join(TOPICS, 'data', 'model.json');
const OWN_FIXTURE = join(PROJECT, 'test', 'fixtures', 'topics', 'papers.jsonl');

/**
 * Real abstracts: the real corpus's last 12 weeks of cs.AI/LG/CL (about 7,800 papers) when ../shared is
 * there, else this project's own small fixture (the source is printed with the numbers).
 */
function papers(): { source: string; papers: TaggableText[] } {
  const missing = corpusMissing();
  if (!missing)
    return {
      source: `${relative(PROJECT, CORPUS_FILE)}, last 12 weeks`,
      papers: corpusPapers({ weeks: 12 }),
    };
  return {
    source: `${relative(PROJECT, OWN_FIXTURE)} (${missing})`,
    papers: readJsonl(readFileSync(OWN_FIXTURE, 'utf8'), OWN_FIXTURE),
  };
}

const round = (ms: number) => Math.round(ms * 10) / 10;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const best = (xs: number[]) => Math.min(...xs);

/**
 * Milliseconds measured in a fresh Node process, as a service worker that wakes up: the pack's modules
 * are imported first (not timed), then `body` runs once. Same loader flags as this process (tsx).
 */
function inFreshProcess(imports: string, body: string): Record<string, number> {
  const code = `${imports}\nconst times = {};\n${body}\nconsole.log(JSON.stringify(times));`;
  const out = execFileSync(process.execPath, [...process.execArgv, '--input-type=module', '-e', code], {
    encoding: 'utf8',
    cwd: PROJECT,
  });
  return JSON.parse(out.trim().split('\n').pop()!);
}

const IMPORT_LOAD = `import { readFileSync } from 'node:fs';
const { loadCompiledPack } = await import(${JSON.stringify(join(TOPICS, 'pack/artifact.ts'))});
const { loadModel } = await import(${JSON.stringify(join(TOPICS, 'model', 'model-load.ts'))});
const { ModelScorer } = await import(${JSON.stringify(join(TOPICS, 'model', 'model-score.ts'))});`;
const TIME_LOAD = `const text = readFileSync(${JSON.stringify(COMPILED)}, 'utf8');
const modelText = readFileSync(${JSON.stringify(MODEL)}, 'utf8');
let t = performance.now();
const data = JSON.parse(text);
times.parse = performance.now() - t;
t = performance.now();
loadCompiledPack(data);
times.load = performance.now() - t;
t = performance.now();
new ModelScorer(loadModel(JSON.parse(modelText)));
times.model = performance.now() - t;`;
const IMPORT_COMPILE = `const { compilePack } = await import(${JSON.stringify(join(TOPICS, 'pack/compile.ts'))});
const { PACK_DATA } = await import(${JSON.stringify(join(TOPICS, 'pack/source.ts'))});`;
const TIME_COMPILE = `const t = performance.now();
compilePack(PACK_DATA);
times.compile = performance.now() - t;`;

function warmMs(run: () => void, times = 7): number {
  const ms: number[] = [];
  for (let i = 0; i < times; i++) {
    const t0 = performance.now();
    run();
    ms.push(performance.now() - t0);
  }
  return median(ms);
}

/** Papers per second in rounds of about a second; the best round and the median. */
function taggingRate(sample: readonly TaggableText[], rounds: number, pack: CompiledPack) {
  for (const p of sample) tagPaper(p, pack); // warm-up (JIT, word table)
  const rates: number[] = [];
  let tags = 0;
  let tagged = 0;
  for (let r = 0; r < rounds; r++) {
    let n = 0;
    const t0 = performance.now();
    while (performance.now() - t0 < 1000) {
      for (const p of sample) tags += tagPaper(p, pack).length;
      n += sample.length;
    }
    rates.push(n / ((performance.now() - t0) / 1000));
    tagged += n;
  }
  return {
    best: Math.round(Math.max(...rates)),
    median: Math.round(median(rates)),
    tagsPerPaper: tags / tagged,
  };
}

/**
 * A floor for comparison across machines: only splitting the same text into words (one regex per field).
 * Median of rounds of about a second, as the tagging rates are, so a busy moment moves both alike.
 */
function splitRate(sample: readonly TaggableText[], rounds: number) {
  const rates: number[] = [];
  let wordCount = 0;
  let split = 0;
  for (let r = 0; r < rounds; r++) {
    let n = 0;
    const t0 = performance.now();
    while (performance.now() - t0 < 1000) {
      for (const p of sample) wordCount += splitWords(p.title).length + splitWords(p.abstract).length;
      n += sample.length;
    }
    rates.push(n / ((performance.now() - t0) / 1000));
    split += n;
  }
  return { papersPerSecond: Math.round(median(rates)), words: wordCount / split };
}

function bytes(json: string) {
  const minified = JSON.stringify(JSON.parse(json));
  return { minified: minified.length, gzip: gzipSync(minified).length };
}

export async function benchTagger(): Promise<Record<string, number | string>> {
  const loadBefore = loadavg()[0]!;
  const cold = Array.from({ length: 5 }, () => inFreshProcess(IMPORT_LOAD, TIME_LOAD));
  const compileCold = Array.from({ length: 3 }, () => inFreshProcess(IMPORT_COMPILE, TIME_COMPILE));
  const compiledData = JSON.parse(readFileSync(COMPILED, 'utf8'));

  const { source, papers: sample } = papers();
  const rate = taggingRate(sample, 7, loadPack());
  const rulesOnly = taggingRate(sample, 3, loadCompiledPack(compiledData));
  const floor = splitRate(sample, 3);
  const pack = loadPack();

  const sourceFiles = readdirSync(join(TOPICS, 'data')).filter(
    (f) => f.endsWith('.json') && f !== 'compiled.json' && f !== 'model.json',
  );
  const sourceBytes = bytes(JSON.stringify(PACK_DATA));
  const compiledBytes = bytes(readFileSync(COMPILED, 'utf8'));
  const modelBytes = bytes(readFileSync(MODEL, 'utf8'));
  const withModel = cold.map((c) => c.parse! + c.load! + c.model!);
  return {
    machineLoadAverage: `${loadBefore.toFixed(2)} before, ${loadavg()[0]!.toFixed(2)} after (node ${process.version})`,
    sample: `${sample.length} papers from ${source}, ${Math.round(floor.words)} words each on average`,
    fineTopics: pack.rules.length,
    allTopics: pack.topics.length,
    phrasePatterns: pack.index.patternCount,
    papersPerSecondBest: rate.best,
    papersPerSecondMedian: rate.median,
    rulesOnlyPapersPerSecondBest: rulesOnly.best,
    rulesOnlyPapersPerSecondMedian: rulesOnly.median,
    wordSplitOnlyPapersPerSecond: floor.papersPerSecond,
    'tagging rate / word-split-only rate (same run)':
      Math.round((rate.median / floor.papersPerSecond) * 1000) / 1000,
    'rules-only rate / word-split-only rate (same run)':
      Math.round((rulesOnly.median / floor.papersPerSecond) * 1000) / 1000,
    'tagging rate with the model / rules-only rate (same run)':
      Math.round((rate.median / rulesOnly.median) * 1000) / 1000,
    tagsPerPaper: Math.round(rate.tagsPerPaper * 100) / 100,
    packLoadColdMsBest: round(best(cold.map((c) => c.load!))),
    packLoadColdMsMedian: round(median(cold.map((c) => c.load!))),
    packJsonParseColdMsMedian: round(median(cold.map((c) => c.parse!))),
    modelParseAndLoadColdMsMedian: round(median(cold.map((c) => c.model!))),
    packAndModelParseAndLoadColdMsBest: round(best(withModel)),
    packAndModelParseAndLoadColdMsMedian: round(median(withModel)),
    packLoadWarmMs: round(warmMs(() => loadCompiledPack(compiledData))),
    sourceCompileColdMsBest: round(best(compileCold.map((c) => c.compile!))),
    sourceCompileWarmMs: round(warmMs(() => compilePack(PACK_DATA))),
    sourcePackFiles: sourceFiles.length,
    sourcePackMinifiedBytes: sourceBytes.minified,
    sourcePackGzipBytes: sourceBytes.gzip,
    bundledPackMinifiedBytes: compiledBytes.minified,
    bundledPackGzipBytes: compiledBytes.gzip,
    bundledModelMinifiedBytes: modelBytes.minified,
    bundledModelGzipBytes: modelBytes.gzip,
    packAndModelGzipBytes: compiledBytes.gzip + modelBytes.gzip,
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  benchTagger().then((r) => {
    for (const [k, v] of Object.entries(r)) console.log(`${k}: ${v}`);
  });
}
