/**
 * How much each labelled TRAIN paper stands for when thresholds are calibrated. The labelled papers are not
 * a uniform draw: half of each sample comes from a word net (sample-labelset.ts: RL and agent words;
 * sample-extra.ts: a wider net), so RL and agent papers are several times denser there than in the corpus.
 * Counted as they are, a threshold that looks precise there tags far too many papers of the corpus (a
 * credit-assignment threshold of -3.3 log-odds gave that chip to 13 of 360 reviewed papers, 12 wrongly).
 * Each paper is weighed by the inverse of its chance to be drawn (Horvitz-Thompson), scaled to mean 1.
 */
import { readCorpus } from '../corpus';
import { SPLIT_DATE } from '../labelset';
import { EXTRA_NET, ROUND, ROUNDS } from '../sample-extra';
import { NET, PER_SPLIT } from '../sample-labelset';

export function samplingWeights(ids: readonly string[]): Float64Array {
  const train = readCorpus().filter((p) => p.announced < SPLIT_DATE);
  const text = new Map(train.map((p) => [p.id, `${p.title} ${p.abstract}`]));
  const inNet = (net: RegExp) => train.filter((p) => net.test(text.get(p.id)!)).length;
  const [net, extraNet] = [inNet(NET), inNet(EXTRA_NET)];
  const half = PER_SPLIT.train / 2;
  const extraHalf = (ROUND * ROUNDS) / 2;
  const weights = Float64Array.from(ids, (id) => {
    const t = text.get(id) ?? '';
    const chance =
      half / train.length +
      (NET.test(t) ? half / net : 0) +
      extraHalf / train.length +
      (EXTRA_NET.test(t) ? extraHalf / extraNet : 0);
    return 1 / chance;
  });
  const mean = weights.reduce((a, b) => a + b, 0) / Math.max(1, weights.length);
  return weights.map((w) => w / mean);
}
