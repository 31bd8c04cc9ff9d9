/**
 * Would a small learned sentence scorer rerank better than the hand weights? Logistic regression on the
 * sentence features (FEATURES), fitted on the judged sentences of three sets and tested on the fourth, all four
 * ways; its bar and retrieval prior are chosen on the three training sets. Counted as tune-rerank.ts counts.
 *
 *   npx tsx test/eval/ask/learned-rerank.ts SET1_JSON SET2_JSON SET3_JSON SET4_JSON
 */
import { ANSWER_FROM, MAX_SENTENCES } from '../../../lib/ask/extractive';
import { RERANK_FROM, rankPapers } from '../../../lib/ask/rerank';
import { candidates } from '../../../lib/ask/sentence-features';
import { type DevSet, judgedSet, verdictOf } from './judged-sets';
import { fitLogistic, logisticScore } from './sentence-logistic';

const files = process.argv.slice(2);
if (files.length !== 4) throw new Error('usage: learned-rerank.ts SET1_JSON SET2_JSON SET3_JSON SET4_JSON');
const sets = files.map((f, n) =>
  judgedSet((n + 1) as DevSet, f).map((q) => ({
    q,
    cands: candidates(q.question, q.read.slice(0, RERANK_FROM)),
  })),
);
type Row = (typeof sets)[number][number];
/** Unjudged sentences count as not answering, with this weight (as sentence-cv.ts). */
const UNJUDGED = 0.3;

type Count = Record<'answers' | 'not' | 'unjudged' | 'refusedRight' | 'refusedWrong' | 'top5', number>;
function run(rows: readonly Row[], w: number[], bar: number, prior: number): Count {
  const count: Count = { answers: 0, not: 0, unjudged: 0, refusedRight: 0, refusedWrong: 0, top5: 0 };
  for (const { q, cands } of rows) {
    const scored = cands.map((c) => ({
      c,
      paper: c.paper,
      rank: c.rank,
      score: logisticScore(w, c),
    }));
    const top = new Set(rankPapers(scored, q.read.slice(0, RERANK_FROM), prior).slice(0, ANSWER_FROM));
    const best = new Map<string, (typeof scored)[number]>();
    for (const s of scored)
      if (top.has(s.paper) && s.score >= bar && s.score > (best.get(s.paper)?.score ?? -1))
        best.set(s.paper, s);
    const shown = [...best.values()].sort((a, b) => b.score - a.score).slice(0, MAX_SENTENCES);
    const known = [...q.answering].some((p) => top.has(p));
    if (known) count.top5++;
    if (shown.length === 0) count[q.top5Answers || known ? 'refusedWrong' : 'refusedRight']++;
    for (const { c } of shown) {
      const v = verdictOf(q, c.text);
      count[v === 'answers' ? 'answers' : v === 'not' ? 'not' : 'unjudged']++;
    }
  }
  return count;
}
const value = (c: Count) => c.answers - c.not - c.unjudged / 3 - c.refusedWrong + c.refusedRight + c.top5 / 2;
const show = (c: Count) =>
  `${c.answers}/${c.not}/${c.unjudged} (${((100 * c.answers) / Math.max(1, c.answers + c.not)).toFixed(0)}% of judged), refusals ${c.refusedRight} right ${c.refusedWrong} wrong, known answer in top 5: ${c.top5}/30`;

for (let out = 0; out < 4; out++) {
  const train = sets.filter((_, n) => n !== out).flat();
  const w = fitLogistic(train, UNJUDGED, 400);
  let best = { bar: 0, prior: 0, v: -Infinity };
  for (const bar of [0.05, 0.1, 0.15, 0.2, 0.3])
    for (const prior of [0.25, 0.5, 1, 2]) {
      const v = value(run(train, w, bar, prior));
      if (v > best.v) best = { bar, prior, v };
    }
  console.log(
    `learned without set ${out + 1} (bar ${best.bar}, prior ${best.prior}) -> set ${out + 1}: ${show(run(sets[out]!, w, best.bar, best.prior))}`,
  );
}
