/**
 * The role features (lib/ask/sentence-role.ts: `ahead`, `follows`) measured on the five judged sets: tuned on
 * four, tested on the fifth, all five ways, beside main's way (the same reranker with both weights at 0) on the
 * same measure. A development aid; the eval JSONs must hold the first 20 retrieved papers.
 *
 *   npx tsx test/eval/ask/tune-roles.ts SET1_JSON SET2_JSON SET3_JSON SET4_JSON SET5_JSON [-v]
 *
 * Per set: shown sentences that answer / do not / the readers split on / were never judged, refusals right /
 * wrong, and the questions whose top 5 shown holds a paper known to answer (see rerank-trial.ts).
 */
import { ANSWERS, RULE_WEIGHTS } from '../../../lib/ask/extractive';
import { RANK_PRIOR, RERANK_FROM } from '../../../lib/ask/rerank';
import { loadSets, run, show, type Trial, value } from './rerank-trial';

const files = process.argv.slice(2).filter((a) => !a.startsWith('-'));
if (files.length !== 5) throw new Error('usage: tune-roles.ts SET1_JSON ... SET5_JSON [-v]');
const sets = loadSets(files);

const trial = (w: Trial['w']): Trial => ({
  rerank: true,
  from: RERANK_FROM,
  prior: RANK_PRIOR,
  bar: ANSWERS,
  w,
});
const main = trial({ ahead: 0, follows: 0 });
const branch = trial({});
const trials: Trial[] = [];
for (const ahead of [0, -0.1, -0.2, -0.3, -0.45, -0.6])
  for (const follows of [0, 0.15, 0.3, 0.45, 0.6])
    for (const background of [RULE_WEIGHTS.background, -0.1])
      trials.push(trial({ ahead, follows, background }));

const verbose = process.argv.includes('-v');
sets.forEach((s, n) => {
  console.log(`set ${n + 1}  main's way: ${show(run(s, main))}`);
  console.log(`set ${n + 1}  this branch: ${show(run(s, branch, verbose))}`);
});
for (let out = 0; out <= sets.length; out++) {
  const train = sets.filter((_, n) => n !== out);
  const best = trials
    .map((t) => ({ t, v: train.reduce((s, set) => s + value(run(set, t)), 0) }))
    .sort((a, b) => b.v - a.v)[0]!;
  const w = JSON.stringify(best.t.w);
  if (out === sets.length) console.log(`tuned on all five (in-sample): ${w}`);
  else console.log(`tuned without set ${out + 1}: ${w} -> set ${out + 1}: ${show(run(sets[out]!, best.t))}`);
}
