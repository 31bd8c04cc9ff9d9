/**
 * Logistic regression over Ask's sentence features (FEATURES), fitted on judged sentences: the learned scorer
 * that sentence-cv.ts and learned-rerank.ts measure against the hand weights.
 */
import { type Candidate, FEATURES } from '../../../lib/ask/sentence-features';
import { type JudgedQuestion, verdictOf } from './judged-sets';

/** A question's candidate sentences, as both tools read them. */
export interface JudgedRow {
  q: JudgedQuestion;
  cands: Candidate[];
}

/** A sentence's features, with a constant first (the intercept). */
export const featureVector = (c: Candidate) => [1, ...FEATURES.map((f) => c.features[f])];

/** 1 a judged answer, 0 judged not, undefined unjudged. */
export function judgedLabel(q: JudgedQuestion, c: Candidate): 0 | 1 | undefined {
  const v = verdictOf(q, c.text);
  return v === 'answers' ? 1 : v === 'not' ? 0 : undefined;
}

/** The probability the weights `w` give a sentence of answering (0 for one the rules leave out). */
export function logisticScore(w: readonly number[], c: Candidate): number {
  return c.out ? 0 : 1 / (1 + Math.exp(-featureVector(c).reduce((s, v, i) => s + v * w[i]!, 0)));
}

/**
 * Weights fitted by gradient descent with an L2 penalty (not on the intercept). Unjudged sentences count as
 * not answering, with weight `unjudged`: most sentences of an abstract do not.
 */
export function fitLogistic(
  rows: readonly JudgedRow[],
  unjudged: number,
  steps: number,
  l2 = 0.01,
  rate = 1,
) {
  const data = rows.flatMap(({ q, cands }) =>
    cands
      .filter((c) => !c.out)
      .map((c) => {
        const y = judgedLabel(q, c);
        return [featureVector(c), y ?? 0, y === undefined ? unjudged : 1] as const;
      }),
  );
  const mass = data.reduce((s, d) => s + d[2], 0);
  const w: number[] = new Array(FEATURES.length + 1).fill(0);
  for (let step = 0; step < steps; step++) {
    const grad = w.map((x, i) => (i === 0 ? 0 : l2 * x));
    for (const [x, y, k] of data) {
      const p = 1 / (1 + Math.exp(-x.reduce((s, v, i) => s + v * w[i]!, 0)));
      for (let i = 0; i < w.length; i++) grad[i]! += (k * (p - y) * x[i]!) / mass;
    }
    for (let i = 0; i < w.length; i++) w[i]! -= rate * grad[i]!;
  }
  return w;
}
