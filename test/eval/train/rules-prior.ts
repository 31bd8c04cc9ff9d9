/**
 * The rules as the linear design's prior: per topic, a bias and weights on its own `r:` and `e:` features set so
 * that, before any word is learned, the model says what the rules say, calibrated on the training rows (how
 * often a paper the rules gave the topic, saw evidence for, or said nothing of is judged to have it). Training
 * starts there and L2 pulls back there, so a topic with few judged papers stays close to its rules and one with
 * many learns where they miss.
 */
import { RULE_EVIDENCE, RULE_GIVEN } from '../../../lib/topics/model/features';
import type { JudgedDataset } from './judged-dataset';
import { UNKNOWN_TARGET, type Weights } from './logistic';

const logit = (p: number) => Math.log(p / (1 - p));

export function rulesPrior(ds: JudgedDataset, use: Int32Array): Weights {
  const K = ds.topics.length;
  const number = new Map(ds.features.map((f, i) => [f, i]));
  const w = new Float64Array(ds.docs.featureCount * K);
  const bias = new Float64Array(K);
  const has = (d: number, f: number | undefined) => {
    if (f === undefined) return false;
    for (let j = ds.docs.start[d]!; j < ds.docs.start[d + 1]!; j++) if (ds.docs.feats[j] === f) return true;
    return false;
  };
  for (let k = 0; k < K; k++) {
    const topic = ds.topics[k]!;
    const fr = number.get(RULE_GIVEN + topic);
    const fe = number.get(RULE_EVIDENCE + topic);
    // [papers, positives] for: rules gave it, rules saw evidence only, rules said nothing.
    const counts = [
      [0, 0],
      [0, 0],
      [0, 0],
    ];
    for (const d of use) {
      const t = ds.y[d * K + k]!;
      if (t === UNKNOWN_TARGET) continue;
      const c = has(d, fr) ? counts[0]! : has(d, fe) ? counts[1]! : counts[2]!;
      c[0]!++;
      c[1]! += t;
    }
    const rate = ([n, pos]: number[]) => (pos! + 0.5) / (n! + 1);
    bias[k] = logit(rate(counts[2]!));
    if (fr !== undefined) w[fr * K + k] = logit(rate(counts[0]!)) - bias[k]!;
    if (fe !== undefined) w[fe * K + k] = logit(rate(counts[1]!)) - bias[k]!;
  }
  return { topics: K, w, bias };
}
