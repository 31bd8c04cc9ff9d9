/**
 * Learning a topic the way a user teaches it, measured on the judged niches of niches/niches.json (issue 37):
 * narrower than any pack topic, each judged in a pool of candidates per split (labels/niches/NICHE-SPLIT.jsonl,
 * "yes" = the niche, "no" = a hard negative from the same area).
 *
 * Per niche, on its split's papers (role tune: TRAIN months, announced before SPLIT_DATE; role report: TEST
 * months, from SPLIT_DATE on; tune on the first, never on the second):
 * 0. The split's judged papers are halved by a stable hash of the arXiv id (niches/teach.ts): the "teach"
 *    half gives the examples and is all the simulated user marks; the "scored" half is all F1 is computed
 *    on, the same papers before and after the marks, so the change from marks is a change in learning.
 *    (Before 2026-12-07's third session the scored papers were the judged ones no mark touched: marking the
 *    hardest papers took them out of the score, and two ways of choosing marks did not compare.)
 * 1. 5 examples drawn with a fixed seed from the teach half's judged positives; learned as `topics.learn`
 *    learns (learnMarked: the query from the examples, refined by the "not this" marks), the whole corpus as
 *    the index (background).
 * 2. The preview, as the learn page shows it: its first LEARN_PREVIEW_ROWS matches, newest first, not yet
 *    taught (examples and marks are left out); among the split's judged papers (`--preview judged`, the default: the page as it
 *    would be over an index of judged papers only) or all the split's papers (`--preview page`).
 * 3. Up to MARKS marks, re-learning after each: the first row that is a judged teach-half paper not yet
 *    taught is marked "yes, this" (judged yes: it joins the examples) or "not this" (judged no). Rows nobody
 *    judged, or of the scored half, are skipped, as by a user who does not mark them; when no row can be
 *    marked the user stops, so a topic whose newest matches nobody judged gets few marks.
 * 4. Scored against the judges on the scored half: judged yes = positive, judged no = negative. Unjudged
 *    papers are not scored; the report flags them instead: how many of the split's papers the final topic
 *    matches, and how many of those nobody judged.
 *
 * A niche with fewer than EXAMPLES judged positives to teach or MIN_SCORED_POSITIVES to score, or no
 * judgments yet, is listed and left out of the macro average.
 *
 * `--scorer` adds the learned scorer beside the query (niches/scorer-learner.ts: the product's learnTopicScorer and its
 * matching rule, lib/topics/scoring/topic-scorer.ts). Runs of 2026-12-06 are in
 * results/learn-niches-2026-12-06.txt, of 2026-12-07 in results/learn-niches-2026-12-07.txt.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PackTopicNames } from '../../lib/discover/learn';
import { learnMarked } from '../../lib/discover/learn-marked';
import { untaughtRows } from '../../lib/discover/learn-page';
import { learnedMatch } from '../../lib/discover/learn-refine';
import type { Background, LearnPaper } from '../../lib/discover/learn-topic';
import { seededRandom } from '../../lib/random';
import { compileQuery } from '../../lib/topics/query';
import { userTopicId } from '../../lib/topics/tagger';
import { SPLIT_DATE } from './labelset';
import { NICHES_DIR, type Niche, readNiches, type Split } from './niches/niches';
import { halves, markOnPreview } from './niches/teach';
import { printTrace, type TraceStep } from './niches/trace';

export const EXAMPLES = 5;
export const MARKS = 10;
/** Positives of the scored half at least (the teach half needs EXAMPLES). */
const MIN_SCORED_POSITIVES = 5;

export type NichePaper = LearnPaper & { announced: string };

/** What a learner makes of examples and marks: which papers the topic matches. */
export interface LearnedMatcher {
  describe: string;
  matches: (paper: NichePaper) => boolean;
  /** Why a paper matches or not (`--trace`): the query's verdict, the margin and the thresholds. */
  explain?: (paper: NichePaper) => string;
}

export type Learner = (examples: NichePaper[], notThis: NichePaper[]) => LearnedMatcher;

/**
 * The product's learner: the readable query, as `topics.learn` learns and refines it. `cacheFile` keeps the
 * queries learned (by example and mark ids) between runs: a query depends on nothing else but the corpus.
 */
export function queryLearner(
  background: Background,
  packTopicsOf: (paper: LearnPaper) => readonly PackTopicNames[],
  cacheFile?: string,
): Learner {
  const cache: Record<string, string> =
    cacheFile && existsSync(cacheFile) ? JSON.parse(readFileSync(cacheFile, 'utf8')) : {};
  return (examples, notThis) => {
    const key = `${examples.map((p) => p.id).join(',')}|${notThis.map((p) => p.id).join(',')}`;
    let query = cache[key];
    if (query === undefined) {
      query = learnMarked(examples, notThis, background, packTopicsOf, userTopicId).query;
      cache[key] = query;
      if (cacheFile) writeFileSync(cacheFile, JSON.stringify(cache));
    }
    const compiled = compileQuery(query);
    if (!compiled.ok) throw new Error(`query does not compile: ${query}`);
    return { describe: query, matches: (p) => learnedMatch(compiled.query, p) };
  };
}

export function readVerdicts(niche: string, split: Split): Map<string, boolean> | undefined {
  const file = join(NICHES_DIR, `${niche}-${split}.jsonl`);
  if (!existsSync(file)) return undefined;
  const verdicts = new Map<string, boolean>();
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    const v = JSON.parse(line) as { id: string; label: 'yes' | 'no' };
    verdicts.set(v.id, v.label === 'yes');
  }
  return verdicts;
}

/**
 * The ids of a niche's split labels given by `judge` (the "judge" field of the label file): with
 * `--score-only-judge JUDGE` they are scored and never taught (learnjudge, 2026-12-07: the matches judged
 * after a run, scored against the topics the run taught without them).
 */
export function judgedBy(niche: string, split: Split, judge: string): Set<string> {
  const file = join(NICHES_DIR, `${niche}-${split}.jsonl`);
  if (!existsSync(file)) return new Set();
  const ids = new Set<string>();
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    const v = JSON.parse(line) as { id: string; judge?: string };
    if (v.judge === judge) ids.add(v.id);
  }
  return ids;
}

function shuffled<T>(list: readonly T[], next: () => number): T[] {
  const copy = [...list];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

/** A seed per niche from its id, so adding a niche changes no other niche's draw. */
function nicheSeed(id: string, seed: number): number {
  let h = 2166136261 ^ seed;
  for (const c of id) h = Math.imul(h ^ c.charCodeAt(0), 16777619);
  return h >>> 0;
}

const newestFirst = (a: NichePaper, b: NichePaper) =>
  b.announced.localeCompare(a.announced) || b.id.localeCompare(a.id);

export interface Score {
  p: number;
  r: number;
  f: number;
  tp: number;
  fp: number;
  fn: number;
}

function score(matches: (p: NichePaper) => boolean, scored: readonly [NichePaper, boolean][]): Score {
  let tp = 0;
  let fp = 0;
  let fn = 0;
  for (const [paper, truth] of scored) {
    const hit = matches(paper);
    if (hit && truth) tp++;
    else if (hit) fp++;
    else if (truth) fn++;
  }
  const p = tp + fp === 0 ? 0 : tp / (tp + fp);
  const r = tp + fn === 0 ? 0 : tp / (tp + fn);
  return { p, r, f: p + r === 0 ? 0 : (2 * p * r) / (p + r), tp, fp, fn };
}

export interface NicheResult {
  niche: Niche;
  split: Split;
  /** Why it was left out, when it was. */
  skipped?: string;
  before?: Score;
  after?: Score;
  marks?: { yes: number; no: number };
  /** The final topic's matches among all the split's papers, and how many of them nobody judged. */
  matched?: number;
  unjudged?: number;
  /** The ids of those unjudged matches, newest first (`--dump-unjudged`). */
  unjudgedIds?: string[];
  queries?: string[];
  /** Each step's topic and the mark that led to it, and the scored half (for `--trace`). */
  steps?: TraceStep[];
  scored?: [NichePaper, boolean][];
}

/**
 * Which papers the preview is drawn from: `page`, the split's papers, judged or not, as the learn page shows
 * an index (most rows then are unjudged and skipped: few marks); `judged`, the split's judged papers only, as
 * the page would show an index that held no others (both halves: scored-half rows are skipped).
 */
export type PreviewIndex = 'judged' | 'page';

export function evalNiche(
  niche: Niche,
  learner: Learner,
  newest: readonly NichePaper[],
  byId: ReadonlyMap<string, NichePaper>,
  seed: number,
  preview: PreviewIndex = 'judged',
  scoreOnlyJudge?: string,
): NicheResult {
  const split: Split = niche.role === 'tune' ? 'train' : 'test';
  const verdicts = readVerdicts(niche.id, split);
  if (!verdicts) return { niche, split, skipped: 'not judged yet' };
  const inSplit = (p: NichePaper) => (split === 'train') === p.announced < SPLIT_DATE;
  const judged = [...verdicts]
    .filter(([id]) => byId.has(id))
    .map(([id, truth]) => [byId.get(id)!, truth] as [NichePaper, boolean])
    .filter(([p]) => inSplit(p));
  // `--score-only-judge`: that judge's papers join the scored papers (all of them) and are never taught or
  // shown for marking, so the topics taught are the ones taught without them.
  const scoreOnly = scoreOnlyJudge ? judgedBy(niche.id, split, scoreOnlyJudge) : new Set<string>();
  const teachable = judged.filter(([p]) => !scoreOnly.has(p.id));
  const halved = halves(teachable);
  const teach = halved.teach;
  const scored = [...halved.scored, ...judged.filter(([p]) => scoreOnly.has(p.id))];
  const positives = teach.filter(([, t]) => t).map(([p]) => p);
  const scoredPositives = scored.filter(([, t]) => t).length;
  if (positives.length < EXAMPLES || scoredPositives < MIN_SCORED_POSITIVES)
    return {
      niche,
      split,
      skipped: `${positives.length} judged positives to teach, ${scoredPositives} to score (< ${EXAMPLES}, ${MIN_SCORED_POSITIVES})`,
    };
  const examples = shuffled(positives, seededRandom(nicheSeed(niche.id, seed))).slice(0, EXAMPLES);
  const first = learner(examples, []);
  const shown = preview === 'page' ? newest : teachable.map(([p]) => p).sort(newestFirst);
  const taught = teachByMarks(learner, first, examples, new Map(teach.map(([p, t]) => [p.id, t])), shown);
  const { current, notThis } = taught;
  const used = new Set([...taught.examples, ...notThis].map((p) => p.id));
  let matched = 0;
  const unjudgedIds: string[] = [];
  for (const p of newest) {
    if (used.has(p.id) || !current.matches(p)) continue;
    matched++;
    if (!verdicts.has(p.id)) unjudgedIds.push(p.id);
  }
  return {
    niche,
    split,
    before: score(first.matches, scored),
    after: score(current.matches, scored),
    marks: taught.marks,
    matched,
    unjudged: unjudgedIds.length,
    unjudgedIds,
    queries: taught.queries,
    steps: taught.steps,
    scored,
  };
}

/** Steps 2-3: up to MARKS marks on the learn page's preview, re-learning after each. */
function teachByMarks(
  learner: Learner,
  first: LearnedMatcher,
  examples: readonly NichePaper[],
  teach: ReadonlyMap<string, boolean>,
  newest: readonly NichePaper[],
) {
  const taughtExamples = [...examples];
  const notThis: NichePaper[] = [];
  let current = first;
  const queries = [first.describe];
  const steps: TraceStep[] = [{ matcher: first }];
  const marks = { yes: 0, no: 0 };
  for (let mark = 0; mark < MARKS; mark++) {
    const [exampleIds, notThisIds] = [taughtExamples, notThis].map((ps) => ps.map((p) => p.id));
    const rows = untaughtRows(newest.filter(current.matches), exampleIds!, notThisIds!);
    const pick = markOnPreview(rows, teach, new Set([...exampleIds!, ...notThisIds!]));
    if (!pick) break;
    (pick.yes ? taughtExamples : notThis).push(pick.paper);
    try {
      current = learner(taughtExamples, notThis);
    } catch (error) {
      // The product refuses marks that do not fit in one query: the user would stop there.
      queries.push(`(stopped: ${(error as Error).message})`);
      (pick.yes ? taughtExamples : notThis).pop();
      break;
    }
    marks[pick.yes ? 'yes' : 'no']++;
    queries.push(current.describe);
    steps.push({ matcher: current, mark: pick });
  }
  return { current, examples: taughtExamples, notThis, marks, queries, steps };
}

const mean = (xs: readonly number[]) => (xs.length === 0 ? 0 : xs.reduce((a, b) => a + b, 0) / xs.length);

/** Runs every niche (or those of `roles`) and prints the table and the macro averages per role. */
export function evalNiches(
  label: string,
  learner: Learner,
  corpus: readonly NichePaper[],
  options: {
    seed: number;
    roles: readonly Niche['role'][];
    show: boolean;
    trace?: boolean;
    only?: string;
    preview?: PreviewIndex;
    /** `--dump-unjudged FILE`: each niche's final topic's unjudged matches in the split, as JSON. */
    dumpUnjudged?: string;
    /** `--score-only-judge JUDGE`: that judge's labels are scored, never taught (evalNiche). */
    scoreOnlyJudge?: string;
  },
): Map<Niche['role'], { before: number; after: number; count: number }> {
  const byId = new Map(corpus.map((p) => [p.id, p]));
  const newest = [...corpus].sort(newestFirst);
  const splits = {
    train: newest.filter((p) => p.announced < SPLIT_DATE),
    test: newest.filter((p) => p.announced >= SPLIT_DATE),
  };
  const out = new Map<Niche['role'], { before: number; after: number; count: number }>();
  for (const role of options.roles) {
    const split: Split = role === 'tune' ? 'train' : 'test';
    const only = options.only?.split(',');
    const niches = readNiches().filter((n) => n.role === role && (!only || only.includes(n.id)));
    console.log(
      `\n${label}: ${role} niches on ${split.toUpperCase()} months, ${EXAMPLES} examples then up to ${MARKS} marks on the ${options.preview ?? 'judged'} preview (seed ${options.seed})`,
    );
    const results: NicheResult[] = [];
    // Each niche printed (and dumped) as it is done: a run takes minutes.
    for (const n of niches) {
      const r = evalNiche(
        n,
        learner,
        splits[split],
        byId,
        options.seed,
        options.preview,
        options.scoreOnlyJudge,
      );
      results.push(r);
      if (options.dumpUnjudged) dumpUnjudged(options.dumpUnjudged, label, options.seed, results);
      if (r.skipped) {
        console.log(`  ${r.niche.id.padEnd(30)} left out: ${r.skipped}`);
        continue;
      }
      const b = r.before!;
      const a = r.after!;
      console.log(
        `  ${r.niche.id.padEnd(30)} 5 ex: P ${b.p.toFixed(2)} R ${b.r.toFixed(2)} F1 ${b.f.toFixed(2)}` +
          `  | +${r.marks!.yes} yes ${r.marks!.no} no: P ${a.p.toFixed(2)} R ${a.r.toFixed(2)} F1 ${a.f.toFixed(2)}` +
          `  | matches ${r.matched} in split, ${r.unjudged} unjudged`,
      );
      if (options.show) {
        console.log(`      5 examples: ${r.queries![0]}`);
        console.log(`      after marks: ${r.queries!.at(-1)}`);
      }
      if (options.trace) printTrace(r.steps!, r.scored!);
    }
    const kept = results.filter((r) => !r.skipped);
    const before = mean(kept.map((r) => r.before!.f));
    const after = mean(kept.map((r) => r.after!.f));
    console.log(
      `  macro over ${kept.length} niches: F1 ${before.toFixed(3)} from ${EXAMPLES} examples (P ${mean(kept.map((r) => r.before!.p)).toFixed(3)} R ${mean(kept.map((r) => r.before!.r)).toFixed(3)}), ` +
        `${after.toFixed(3)} after marks (P ${mean(kept.map((r) => r.after!.p)).toFixed(3)} R ${mean(kept.map((r) => r.after!.r)).toFixed(3)}; ${mean(kept.map((r) => r.marks!.yes + r.marks!.no)).toFixed(1)} marks on average)`,
    );
    out.set(role, { before, after, count: kept.length });
  }
  return out;
}

/**
 * Writes the final topics' unjudged matches (`--dump-unjudged FILE`): per niche, the query, how many papers of
 * the split it matches and the ids of those nobody judged (newest first), for judging a sample of them. The
 * file is rewritten after each niche, so a stopped run leaves the niches it finished.
 */
function dumpUnjudged(file: string, label: string, seed: number, results: readonly NicheResult[]): void {
  const niches = Object.fromEntries(
    results
      .filter((r) => !r.skipped)
      .map((r) => [
        r.niche.id,
        { split: r.split, query: r.queries!.at(-1), matched: r.matched, unjudged: r.unjudgedIds },
      ]),
  );
  writeFileSync(file, `${JSON.stringify({ label, seed, niches }, null, 1)}\n`);
}

/** Learns the same topic once: the simulations of several settings often make the same marks. */
export function memoized(learner: Learner): Learner {
  const cache = new Map<string, LearnedMatcher>();
  return (examples, notThis) => {
    const key = `${examples.map((p) => p.id).join(',')}|${notThis.map((p) => p.id).join(',')}`;
    let hit = cache.get(key);
    if (!hit) {
      hit = learner(examples, notThis);
      cache.set(key, hit);
    }
    return hit;
  };
}
