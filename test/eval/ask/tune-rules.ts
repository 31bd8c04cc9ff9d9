/**
 * Tries rule weights and bars on the development sets, tuning on all but one set and testing on the one left
 * out, so the figure reported for a set is from weights chosen without it. A development aid.
 *
 *   npx tsx test/eval/ask/tune-rules.ts SET1_JSON SET2_JSON SET3_JSON
 */
import { ANSWER_FROM, ANSWERS, MAX_SENTENCES, RULE_WEIGHTS } from '../../../lib/ask/extractive';
import { type Candidate, candidates, FEATURES } from '../../../lib/ask/sentence-features';
import { type DevSet, judgedSet, verdictOf } from './judged-sets';

const files = process.argv.slice(2);
if (files.length !== 3) throw new Error('usage: tune-rules.ts SET1_JSON SET2_JSON SET3_JSON');
const sets = files.map((f, n) =>
  judgedSet((n + 1) as DevSet, f).map((q) => ({
    q,
    cands: candidates(q.question, q.read.slice(0, ANSWER_FROM)),
  })),
);

interface Trial {
  near: number;
  phrase: number;
  bar: number;
  second: number;
}
type Count = { answers: number; not: number; unjudged: number; refusedRight: number; refusedWrong: number };

function run(set: (typeof sets)[number], t: Trial): Count {
  const w = { ...RULE_WEIGHTS, near: t.near, phrase: t.phrase };
  const score = (c: Candidate) => (c.out ? 0 : FEATURES.reduce((s, f) => s + w[f] * c.features[f], 0));
  const count = { answers: 0, not: 0, unjudged: 0, refusedRight: 0, refusedWrong: 0 };
  for (const { q, cands } of set) {
    const best = new Map<string, [Candidate, number]>();
    for (const c of cands) {
      const s = score(c);
      if (s >= t.bar && s > (best.get(c.paper)?.[1] ?? -Infinity)) best.set(c.paper, [c, s]);
    }
    const shown = [...best.values()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, MAX_SENTENCES)
      .filter(([, s], i) => i === 0 || s >= t.second);
    if (shown.length === 0) count[q.top5Answers ? 'refusedWrong' : 'refusedRight']++;
    for (const [c] of shown) {
      const v = verdictOf(q, c.text);
      count[v === 'answers' ? 'answers' : v === 'not' ? 'not' : 'unjudged']++;
    }
  }
  return count;
}

/** Judged answers less judged non-answers and wrong refusals; an unjudged sentence counts as a third of one. */
const value = (c: Count) => c.answers - c.not - c.unjudged / 3 - c.refusedWrong + c.refusedRight;
const show = (c: Count) =>
  `${c.answers}/${c.not}/${c.unjudged} (${((100 * c.answers) / Math.max(1, c.answers + c.not)).toFixed(0)}% of judged) refusals ${c.refusedRight} right ${c.refusedWrong} wrong`;

const trials: Trial[] = [];
for (const near of [0, 0.1, 0.2, 0.3])
  for (const phrase of [0, 0.1, 0.2, 0.3])
    for (const bar of [ANSWERS, 0.55, 0.6, 0.65])
      for (const second of [bar, bar + 0.05, bar + 0.1, bar + 0.15])
        trials.push({ near, phrase, bar, second });

const current: Trial = {
  near: RULE_WEIGHTS.near,
  phrase: RULE_WEIGHTS.phrase,
  bar: ANSWERS,
  second: ANSWERS,
};
console.log('current, answers/not/unjudged:');
sets.forEach((s, n) => {
  console.log(`  set ${n + 1}: ${show(run(s, current))}`);
});
for (let out = 0; out < 3; out++) {
  const train = sets.filter((_, n) => n !== out);
  const best = trials
    .map((t) => ({ t, v: train.reduce((s, set) => s + value(run(set, t)), 0) }))
    .sort((a, b) => b.v - a.v)[0]!;
  console.log(
    `tuned on the other two sets: ${JSON.stringify(best.t)} -> set ${out + 1}: ${show(run(sets[out]!, best.t))}`,
  );
}
