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
import { ANSWER_FROM, ANSWERS } from '../../../lib/ask/extractive';
import { RANK_PRIOR, RERANK_FROM } from '../../../lib/ask/rerank';
import { loadSets, run, show, type Trial, value } from './rerank-trial';

const files = process.argv.slice(2).filter((a) => !a.startsWith('-'));
if (files.length !== 4) throw new Error('usage: tune-rerank.ts SET1_JSON SET2_JSON SET3_JSON SET4_JSON [-v]');
const sets = loadSets(files);

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
