/**
 * Samples of the papers a learned topic matches that nobody judged (issue 37, learnjudge), from the files
 * `npm run eval:learn -- --dump-unjudged FILE` writes, and what their judgments say.
 *
 *   npx tsx test/eval/niches/unjudged-sample.ts show NICHE DUMP.json...      the papers to judge (title, abstract)
 *   npx tsx test/eval/niches/unjudged-sample.ts estimate NICHE DUMP.json...  per dump: yes / sampled, and
 *                                                                             share x unjudged matches
 *
 * The sample of a dump is its SAMPLE unjudged matches of lowest rank, the rank a fixed hash of the niche, the
 * seed string and the arXiv id: each dump's sample is a uniform random draw from its own matches, and the
 * draws of dumps whose matches overlap share their papers (coordinated sampling), so a paper matched by
 * several modes or seeds is judged once. `estimate` reads the niche's TRAIN label file, where the judgments
 * were appended; a dump's sampled paper already judged before (by the pool judges) cannot occur: dumps hold
 * unjudged matches only.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readCorpus } from '../corpus';
import { NICHES_DIR, readNiches } from './niches';

const SAMPLE = 25;
const SEED = 'learnjudge-2026-12-07';

interface Dump {
  label: string;
  seed: number;
  niches: Record<string, { query: string; matched: number; unjudged: string[] }>;
}

function rank(niche: string, id: string): number {
  let h = 2166136261;
  for (const c of `${SEED}:${niche}:${id}`) h = Math.imul(h ^ c.charCodeAt(0), 16777619);
  return h >>> 0;
}

/** A dump's sample: its SAMPLE unjudged matches of lowest rank. */
export function sampleOf(niche: string, unjudged: readonly string[]): string[] {
  return [...unjudged].sort((a, b) => rank(niche, a) - rank(niche, b)).slice(0, SAMPLE);
}

function readDumps(niche: string, files: readonly string[]) {
  return files.map((file) => {
    const dump = JSON.parse(readFileSync(file, 'utf8')) as Dump;
    const entry = dump.niches[niche];
    if (!entry) throw new Error(`${file}: no niche ${niche}`);
    return { file, dump, entry, sample: sampleOf(niche, entry.unjudged) };
  });
}

function show(niche: string, files: readonly string[]): void {
  const definition = readNiches().find((n) => n.id === niche)?.definition;
  console.log(`# ${niche}: ${definition}\n`);
  const ids = [...new Set(readDumps(niche, files).flatMap((d) => d.sample))].sort();
  const byId = new Map(readCorpus().map((p) => [p.id, p]));
  for (const id of ids) {
    const p = byId.get(id)!;
    console.log(`## ${id} | ${p.title}\n${p.abstract}\n`);
  }
  console.log(`${ids.length} papers to judge`);
}

function estimate(niche: string, files: readonly string[]): void {
  const labels = new Map<string, string>();
  for (const line of readFileSync(join(NICHES_DIR, `${niche}-train.jsonl`), 'utf8').split('\n'))
    if (line.trim()) {
      const v = JSON.parse(line) as { id: string; label: string };
      labels.set(v.id, v.label);
    }
  for (const { file, dump, entry, sample } of readDumps(niche, files)) {
    const judged = sample.filter((id) => labels.has(id));
    const yes = judged.filter((id) => labels.get(id) === 'yes').length;
    const share = judged.length === 0 ? 0 : yes / judged.length;
    console.log(
      `${niche} seed ${dump.seed} ${dump.label.includes('query-marks') ? dump.label.split('query-marks ')[1] : 'all'}` +
        ` (${file}): matched ${entry.matched}, unjudged ${entry.unjudged.length}, sample yes ${yes}/${judged.length}` +
        ` (of ${sample.length}) = ${share.toFixed(2)}, est. niche papers ${Math.round(share * entry.unjudged.length)}`,
    );
  }
}

if (process.argv[1]?.endsWith('unjudged-sample.ts')) {
  const [command, niche, ...files] = process.argv.slice(2);
  if (command === 'show' && niche && files.length) show(niche, files);
  else if (command === 'estimate' && niche && files.length) estimate(niche, files);
  else console.error('usage: unjudged-sample.ts show|estimate NICHE DUMP.json...');
}
