/**
 * Parity of two taggers on the real corpus: this checkout's and a baseline checkout's (default ../main,
 * or ../../main from a worktree under wt/; `PARITY_BASELINE=/path` to choose), each with its own bundled
 * pack and model, tag the same real papers in the same order. Everything they return is compared as
 * JSON (so every score to the last bit): `tagPaperExplained` with user topics (tags and rejected, with
 * evidence), `tagPaper` without, `rulesSaid`, the learned layer's log-odds of every topic for the paper,
 * and the ids and scores the stored index keeps (`tagPaperScores`, or `tagPaper`'s where a checkout has
 * no `tagPaperScores`). Exits 1 at the first paper that differs, printing both sides.
 *
 * `npx tsx test/bench/tagger-parity.ts [papers]` (default: every paper of the corpus, all categories,
 * about 54,000; past 100,000 spellings the word table starts again: the count is printed).
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TaggableText } from '../../lib/paper';
import { corpusMissing, corpusPapers } from './real-corpus';

const HERE = fileURLToPath(new URL('../../', import.meta.url));

/** User topics of every kind of term (words, phrases, fields, categories, topics, NOT, acronyms). */
const USER_TOPICS = [
  { id: 'user-robots', name: 'Robots', query: 'cat:cs.RO' },
  { id: 'user-robot-wm', name: 'Robot world models', query: 'cat:cs.RO AND abs:"world model"' },
  { id: 'user-diffusion', name: 'Diffusion', query: 'ti:diffusion' },
  { id: 'user-agents', name: 'Agents', query: 'agents ANDNOT survey' },
  { id: 'user-muon', name: 'Muon', query: 'ti:muon OR abs:"orthogonalized momentum"' },
  { id: 'user-rlhf', name: 'RLHF', query: 'RLHF OR "reward model"' },
];

interface Tagger {
  root: string;
  run(paper: TaggableText): string;
  /** How many times the word table started again (past 100,000 spellings). */
  restarts(): number;
}

async function taggerAt(root: string): Promise<Tagger> {
  const lib = (path: string) => import(resolve(root, 'lib', 'topics', path));
  const { loadPack } = await lib('load-pack.ts');
  const { tagPaper, tagPaperExplained, tagPaperScores, rulesSaid, compileUserTopics } =
    await lib('tagger.ts');
  // What the stored index keeps: tagPaperScores where the checkout has it, else tagPaper's ids and scores.
  const scoresOf = tagPaperScores ?? tagPaper;
  const pack = loadPack();
  const { compiled, errors } = compileUserTopics(USER_TOPICS);
  if (errors.length) throw new Error(`${root}: user topics do not compile: ${JSON.stringify(errors)}`);
  return {
    root,
    restarts: () => pack.index.words.generation,
    run(paper) {
      const explained = tagPaperExplained(paper, pack, compiled);
      const plain = tagPaper(paper, pack);
      const logOdds = pack.model ? Array.from(pack.model.lastScores() as Float64Array) : [];
      const rules = rulesSaid(paper, pack);
      const stored = scoresOf(paper, pack, compiled).map((t: { topicId: string; score: number }) => [
        t.topicId,
        t.score,
      ]);
      return JSON.stringify({ explained, plain, logOdds, rules, stored });
    },
  };
}

/** The baseline checkout: PARITY_BASELINE, else ../main or ../../main. */
export function baselineRoot(): string {
  if (process.env.PARITY_BASELINE) return resolve(process.env.PARITY_BASELINE);
  const found = ['../main', '../../main'].map((p) => resolve(HERE, p)).find((p) => existsSync(p));
  if (!found) throw new Error('no baseline checkout at ../main or ../../main: set PARITY_BASELINE');
  return found;
}

async function main() {
  const missing = corpusMissing();
  if (missing) throw new Error(missing);
  const limit = Number(process.argv[2]) || Number.POSITIVE_INFINITY;
  const papers = corpusPapers({ weeks: 60, categories: 'all' }).slice(0, limit);
  const baseline = await taggerAt(baselineRoot());
  const ours = await taggerAt(HERE);
  if (resolve(baseline.root) === resolve(ours.root)) throw new Error('the baseline is this checkout');
  let tags = 0;
  for (let i = 0; i < papers.length; i++) {
    const paper = papers[i]!;
    const a = baseline.run(paper);
    const b = ours.run(paper);
    if (a !== b) {
      console.log(`paper ${i} (${(paper as { id?: string }).id}) differs:`);
      console.log(`baseline ${baseline.root}:\n${a}\nthis checkout ${ours.root}:\n${b}`);
      process.exit(1);
    }
    tags += (JSON.parse(b) as { plain: unknown[] }).plain.length;
  }
  console.log(
    `parity: ${papers.length} papers tagged the same by ${ours.root} and ${baseline.root} ` +
      `(${tags} tags without user topics; tags, rejected, evidence, scores, rulesSaid, model log-odds and stored scores compared; ` +
      `the word table started again ${ours.restarts()} times)`,
  );
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
