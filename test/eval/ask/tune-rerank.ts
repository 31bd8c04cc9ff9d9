/**
 * The reranker (lib/ask/rerank.ts) and the condition and phrase weights, measured on the four judged sets:
 * tuned on three, tested on the fourth, all four ways, beside main's way (retrieval order, the first five
 * papers read) on the same measure. A development aid; the eval JSONs must hold the first 20 retrieved papers
 * (run-ask-eval.ts writes them).
 *
 *   npx tsx test/eval/ask/tune-rerank.ts SET1_JSON SET2_JSON SET3_JSON SET4_JSON [-v]
 *
 * Per set: shown sentences that answer / do not / were never judged, refusals right / wrong (wrong when the
 * judge found a top-5 paper that answers, or a paper known to answer is in the top 5 shown), and the questions
 * whose top 5 shown holds a paper known to answer (one with a sentence judged or named as answering; papers
 * the judge never read count as not answering, which favours retrieval's own top 8).
 */
import { ANSWER_FROM, ANSWERS, MAX_SENTENCES, RULE_WEIGHTS } from '../../../lib/ask/extractive';
import { RANK_PRIOR, RERANK_FROM, rankPapers } from '../../../lib/ask/rerank';
import { type Candidate, candidates, FEATURES } from '../../../lib/ask/sentence-features';
import { type DevSet, judgedSet, verdictOf } from './judged-sets';

const files = process.argv.slice(2).filter((a) => !a.startsWith('-'));
if (files.length !== 4) throw new Error('usage: tune-rerank.ts SET1_JSON SET2_JSON SET3_JSON SET4_JSON [-v]');
const sets = files.map((f, n) =>
  judgedSet((n + 1) as DevSet, f).map((q) => {
    if (q.read.length < RERANK_FROM) console.error(`set ${q.set} Q${q.q + 1}: ${q.read.length} papers read`);
    return {
      q,
      all: candidates(q.question, q.read.slice(0, RERANK_FROM)),
      first8: candidates(q.question, q.read.slice(0, 8)),
      first5: candidates(q.question, q.read.slice(0, ANSWER_FROM)),
    };
  }),
);
type Row = (typeof sets)[number][number];

interface Trial {
  rerank: boolean;
  /** Rerank the first 20 (RERANK_FROM) or only the first 8, the papers the judges read. */
  from: number;
  prior: number;
  bar: number;
  w: Partial<typeof RULE_WEIGHTS>;
}
type Count = Record<'answers' | 'not' | 'unjudged' | 'refusedRight' | 'refusedWrong' | 'top5', number>;

function answer(row: Row, t: Trial) {
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

function run(set: readonly Row[], t: Trial, log = false): Count {
  const count: Count = { answers: 0, not: 0, unjudged: 0, refusedRight: 0, refusedWrong: 0, top5: 0 };
  for (const row of set) {
    const { top, shown } = answer(row, t);
    const known = [...row.q.answering].some((p) => top.has(p));
    if (known) count.top5++;
    if (shown.length === 0) count[row.q.top5Answers || known ? 'refusedWrong' : 'refusedRight']++;
    for (const { c } of shown) {
      const v = verdictOf(row.q, c.text);
      count[v === 'answers' ? 'answers' : v === 'not' ? 'not' : 'unjudged']++;
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
const value = (c: Count) => c.answers - c.not - c.unjudged / 3 - c.refusedWrong + c.refusedRight + c.top5 / 2;
const show = (c: Count) =>
  `${c.answers}/${c.not}/${c.unjudged} (${((100 * c.answers) / Math.max(1, c.answers + c.not)).toFixed(0)}% of judged), refusals ${c.refusedRight} right ${c.refusedWrong} wrong, known answer in top 5: ${c.top5}/30`;

const trials: Trial[] = [];
const FROM = Number(process.env.FROM ?? RERANK_FROM);
for (const prior of [0.5, 1, 1.5, 2, 3])
  for (const condition of [0, 0.3, 0.5, 0.75, 1])
    for (const conditionPaper of [0, 0.15, 0.3])
      for (const phrasePaper of [0, 0.2])
        for (const phrase of [0, 0.1])
          for (const bar of [ANSWERS, 0.55])
            trials.push({
              rerank: true,
              from: FROM,
              prior,
              bar,
              w: { condition, conditionPaper, phrasePaper, phrase },
            });

const main: Trial = {
  rerank: false,
  from: ANSWER_FROM,
  prior: 0,
  bar: ANSWERS,
  w: { condition: 0, conditionPaper: 0, phrasePaper: 0, phrase: 0 },
};
const branch: Trial = { rerank: true, from: FROM, prior: RANK_PRIOR, bar: ANSWERS, w: {} };
const verbose = process.argv.includes('-v');
sets.forEach((s, n) => {
  console.log(`set ${n + 1}  main's way: ${show(run(s, main))}`);
  console.log(`set ${n + 1}  this branch: ${show(run(s, branch, verbose))}`);
});
for (let out = 0; out <= 4; out++) {
  const train = sets.filter((_, n) => n !== out);
  const best = trials
    .map((t) => ({ t, v: train.reduce((s, set) => s + value(run(set, t)), 0) }))
    .sort((a, b) => b.v - a.v)[0]!;
  const { prior, bar, w } = best.t;
  if (out === 4) console.log(`tuned on all four (in-sample): ${JSON.stringify({ prior, bar, ...w })}`);
  else
    console.log(
      `tuned without set ${out + 1}: ${JSON.stringify({ prior, bar, ...w })} -> set ${out + 1}: ${show(run(sets[out]!, best.t))}`,
    );
}
