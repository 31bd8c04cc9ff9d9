/**
 * One way of answering the judged questions offline (a Trial: rerank or not, the prior, the bar, the weights)
 * and its count on a set, shared by tune-rerank.ts and tune-roles.ts.
 */
import { ANSWER_FROM, MAX_SENTENCES, RULE_WEIGHTS } from '../../../lib/ask/extractive';
import { RERANK_FROM, rankPapers } from '../../../lib/ask/rerank';
import { type Candidate, candidates, FEATURES } from '../../../lib/ask/sentence-features';
import { type DevSet, type JudgedQuestion, judgedSet, verdictOf } from './judged-sets';

/** The sets' questions with their sentences measured: `files[n]` is set n + 1's eval JSON ("_" skips it). */
export function loadSets(files: readonly string[]) {
  return files.flatMap((f, n) =>
    f === '_'
      ? []
      : [
          judgedSet((n + 1) as DevSet, f).map((q) => {
            if (q.read.length < RERANK_FROM)
              console.error(`set ${q.set} Q${q.q + 1}: ${q.read.length} papers read`);
            return {
              q,
              all: candidates(q.question, q.read.slice(0, RERANK_FROM)),
              first8: candidates(q.question, q.read.slice(0, 8)),
              first5: candidates(q.question, q.read.slice(0, ANSWER_FROM)),
            };
          }),
        ],
  );
}
export interface Row {
  q: JudgedQuestion;
  all: Candidate[];
  first8: Candidate[];
  first5: Candidate[];
}

export interface Trial {
  rerank: boolean;
  /** Rerank the first 20 (RERANK_FROM) or only the first 8, the papers the judges read. */
  from: number;
  prior: number;
  bar: number;
  w: Partial<typeof RULE_WEIGHTS>;
}
export type Count = Record<
  'answers' | 'not' | 'split' | 'unjudged' | 'refusedRight' | 'refusedWrong' | 'top5',
  number
>;

export function answer(row: Row, t: Trial) {
  const w = { ...RULE_WEIGHTS, ...t.w };
  const cands = !t.rerank ? row.first5 : t.from === 8 ? row.first8 : row.all;
  const scored = cands.map((c) => ({
    c,
    paper: c.paper,
    rank: c.rank,
    score: c.out ? 0 : FEATURES.reduce((s, f) => s + w[f] * c.features[f], 0),
  }));
  const read = row.q.read.slice(0, t.rerank ? t.from : ANSWER_FROM);
  const ranked = t.rerank ? rankPapers(scored, read, t.prior) : read.map((p) => p.id);
  const top = new Set(ranked.slice(0, ANSWER_FROM));
  const best = new Map<string, { c: Candidate; score: number }>();
  for (const s of scored)
    if (top.has(s.paper) && s.score >= t.bar && s.score > (best.get(s.paper)?.score ?? -Infinity))
      best.set(s.paper, s);
  const shown = [...best.values()].sort((a, b) => b.score - a.score).slice(0, MAX_SENTENCES);
  return { top, shown };
}

export function run(set: readonly Row[], t: Trial, log = false): Count {
  const count: Count = {
    answers: 0,
    not: 0,
    split: 0,
    unjudged: 0,
    refusedRight: 0,
    refusedWrong: 0,
    top5: 0,
  };
  for (const row of set) {
    const { top, shown } = answer(row, t);
    const known = [...row.q.answering].some((p) => top.has(p));
    if (known) count.top5++;
    if (shown.length === 0) count[row.q.top5Answers || known ? 'refusedWrong' : 'refusedRight']++;
    for (const { c } of shown) {
      const v = verdictOf(row.q, c.text);
      count[v ?? 'unjudged']++;
      if (log)
        console.log(
          `  S${row.q.set} Q${row.q.q + 1} ${v ?? 'unjudged'} [${c.paper}] ${c.text.slice(0, 110)}`,
        );
    }
    if (log && shown.length === 0) console.log(`  S${row.q.set} Q${row.q.q + 1} refused`);
  }
  return count;
}

/** Judged answers less non-answers and wrong refusals; an unjudged sentence a third of one; top 5 a half. */
export const value = (c: Count) =>
  c.answers - c.not - c.unjudged / 3 - c.refusedWrong + c.refusedRight + c.top5 / 2;
export const show = (c: Count) =>
  `${c.answers}/${c.not}/${c.split}/${c.unjudged} (${((100 * c.answers) / Math.max(1, c.answers + c.not)).toFixed(0)}% of judged), refusals ${c.refusedRight} right ${c.refusedWrong} wrong, known answer in top 5: ${c.top5}/30`;
