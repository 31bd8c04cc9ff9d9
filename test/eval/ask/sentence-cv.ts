/**
 * Does a small learned sentence scorer beat the rules? Logistic regression on the sentence features of
 * lib/ask/sentence-features.ts, fitted on the judged sentences of both development sets and tested by
 * leave-one-question-out cross-validation, against the rules (RULE_WEIGHTS, tuned on these same sets, so
 * their figure is optimistic). Both pick as extractAnswer does: top 5 papers, each paper's best sentence,
 * the best MAX_SENTENCES above a bar.
 *
 *   npx tsx test/eval/ask/sentence-cv.ts SET1_JSON SET2_JSON   (the eval:ask --json files, as score-judged.ts)
 */
import { ANSWER_FROM, ANSWERS, MAX_SENTENCES, RULE_WEIGHTS } from '../../../lib/ask/extractive';
import { type Candidate, candidates, FEATURES } from '../../../lib/ask/sentence-features';
import { type JudgedQuestion, judgedSet, verdictOf } from './judged-sets';
import { fitLogistic, judgedLabel, logisticScore } from './sentence-logistic';

const [set1, set2] = process.argv.slice(2);
if (!set1 || !set2) throw new Error('usage: sentence-cv.ts SET1_JSON SET2_JSON');
const questions = [...judgedSet(1, set1), ...judgedSet(2, set2)];
const rows = questions.map((q) => ({ q, cands: candidates(q.question, q.read.slice(0, ANSWER_FROM)) }));

/** Unjudged sentences count as not answering, with this weight: most sentences of an abstract do not. */
const UNJUDGED = Number(process.env.UNJUDGED ?? 0.3);

type Scorer = (c: Candidate) => number;
/** RULES='{"setup": -0.2}' tries other rule weights (a development aid). */
const ruleWeights = { ...RULE_WEIGHTS, ...JSON.parse(process.env.RULES ?? '{}') } as typeof RULE_WEIGHTS;
const rules: Scorer = (c) => (c.out ? 0 : FEATURES.reduce((s, f) => s + ruleWeights[f] * c.features[f], 0));

/** What extractAnswer would show with this scorer and bar, counted by verdict. */
function pick(q: JudgedQuestion, cands: Candidate[], score: Scorer, bar: number) {
  const best = new Map<string, [Candidate, number]>();
  for (const c of cands) {
    const s = score(c);
    if (s >= bar && s > (best.get(c.paper)?.[1] ?? -Infinity)) best.set(c.paper, [c, s]);
  }
  const shown = [...best.values()].sort((a, b) => b[1] - a[1]).slice(0, MAX_SENTENCES);
  return shown.map(([c]) => verdictOf(q, c.text) ?? 'unjudged');
}

/** Within each question, the share of (answering, not answering) judged pairs the scorer orders right. */
function pairwise(score: (q: number) => Scorer): number {
  let right = 0;
  let all = 0;
  rows.forEach(({ q, cands }, n) => {
    const s = score(n);
    const yes = cands.filter((c) => judgedLabel(q, c) === 1).map(s);
    const no = cands.filter((c) => judgedLabel(q, c) === 0).map(s);
    for (const a of yes)
      for (const b of no) {
        all++;
        right += a > b ? 1 : a === b ? 0.5 : 0;
      }
  });
  return right / all;
}

function tally(score: (n: number) => Scorer, bar: number) {
  const count = { answers: 0, not: 0, split: 0, unjudged: 0, refusedRight: 0, refusedWrong: 0 };
  rows.forEach(({ q, cands }, n) => {
    const shown = pick(q, cands, score(n), bar);
    if (shown.length === 0) count[q.top5Answers ? 'refusedWrong' : 'refusedRight']++;
    for (const v of shown) count[v]++;
  });
  const judged = count.answers + count.not;
  return `${JSON.stringify(count)} answers/judged ${((100 * count.answers) / judged).toFixed(0)}%`;
}

const folds = rows.map((_, n) =>
  fitLogistic(
    rows.filter((__, m) => m !== n),
    UNJUDGED,
    800,
  ),
);
const learned =
  (n: number): Scorer =>
  (c) =>
    logisticScore(folds[n]!, c);
console.log(`rules (tuned on these sets): pairwise ${pairwise(() => rules).toFixed(3)}`);
for (const bar of [ANSWERS - 0.15, ANSWERS - 0.1, ANSWERS - 0.05, ANSWERS])
  console.log(`  bar ${bar.toFixed(2)}: ${tally(() => rules, bar)}`);
console.log(`learned, leave-one-question-out: pairwise ${pairwise(learned).toFixed(3)}`);
for (const bar of [0.1, 0.15, 0.2, 0.3, 0.4]) console.log(`  p >= ${bar}: ${tally(learned, bar)}`);
const all = fitLogistic(rows, UNJUDGED, 800);
console.log(
  'weights on all:',
  FEATURES.map((f, i) => `${f} ${all[i + 1]!.toFixed(2)}`).join(', '),
  `bias ${all[0]!.toFixed(2)}`,
);
