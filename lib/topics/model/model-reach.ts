import type { RulePack } from '../pack/model';
import type { CompiledModel } from './model-load';

/** A feature of a topic's learned layer, as a reach test reads it: present only if its condition holds. */
export interface ReachFeature {
  w: number;
  /**
   * One of these phrases in the paper (per word, the stems it can have, in a row in one field): a word or
   * title word is a phrase of one word, a bigram of two.
   */
  phrases?: string[][][];
  /** r:TOPIC: present only where a phrase that can make the rules give the topic or one below it hits. */
  given?: string;
  /** e:TOPIC: present only where a phrase that can make the rules give the topic hits. */
  seen?: string;
  /** The paper lists this category. */
  cat?: string;
}

export interface ModelReach {
  /** Threshold minus bias: what the present features' positive weights must reach. */
  gap: number;
  /** Positive weights past the kept features, counted as always present (the bound stays exact). */
  rest: number;
  feats: ReachFeature[];
}

/** Features kept by name per topic; the rest of its positive weights count as always present. */
const KEPT = 64;

interface Feature {
  key: string;
  cond: Omit<ReachFeature, 'w'> | undefined;
}

/**
 * Per topic of the model (by id; a topic listed twice has two entries): its definition as a fingerprint
 * reads it (bias, threshold, combine and every weight by feature name, so the numbering of features does
 * not matter) and its reach.
 */
export function modelReaches(
  m: CompiledModel,
  pack: RulePack,
): Map<string, { key: string; reach: ModelReach }[]> {
  const features = featureNames(m, pack);
  const weights = m.topicIds.map(() => [] as { f: number; w: number }[]);
  for (let f = 0; f < features.length; f++) {
    if (!features[f]) continue;
    for (let p = m.postStart[f]!; p < m.postStart[f + 1]!; p++)
      weights[m.postTopic[p]!]!.push({ f, w: m.postWeight[p]! });
  }
  const out = new Map<string, { key: string; reach: ModelReach }[]>();
  m.topicIds.forEach((id, k) => {
    const list = weights[k]!;
    const named = list.map(({ f, w }) => `${features[f]!.key}=${w}`).sort();
    const key = `${m.bias[k]} ${m.threshold[k]} ${m.modelOnly[k]} ${named.join(',')}`;
    const positive = list
      .filter(({ f, w }) => w > 0 && features[f]!.cond !== undefined)
      .sort((a, b) => b.w - a.w || a.f - b.f);
    let rest = 0;
    for (const { w } of positive.slice(KEPT)) rest += w;
    const feats = positive.slice(0, KEPT).map(({ f, w }) => ({ w, ...features[f]!.cond }));
    const reach = { gap: m.threshold[k]! - m.bias[k]!, rest, feats };
    out.set(id, [...(out.get(id) ?? []), { key, reach }]);
  });
  return out;
}

/**
 * Each feature the model can see, by name, with what a paper needs to have it; undefined for a feature
 * no paper can have (a rule feature of a topic without phrases, or a key written again later).
 */
function featureNames(m: CompiledModel, pack: RulePack): (Feature | undefined)[] {
  const out: (Feature | undefined)[] = new Array(m.featureKind.length).fill(undefined);
  const stems: string[] = [];
  for (const [stem, n] of m.words) stems[n] = stem;
  stems.forEach((stem, n) => {
    const word = m.wordFeature[n]!;
    const title = m.titleFeature[n]!;
    if (word >= 0) out[word] = { key: `w:${stem}`, cond: { phrases: [[[stem]]] } };
    if (title >= 0) out[title] = { key: `t:${stem}`, cond: { phrases: [[[stem]]] } };
  });
  for (let s = 0; s < m.bigrams.length; s += 2) {
    const key = m.bigrams[s]!;
    if (key === 0) continue;
    const a = stems[(key >>> 16) - 1]!;
    const b = stems[(key & 0xffff) - 1]!;
    // Two words in a row of one field (the model pairs each known word with the one before it).
    out[m.bigrams[s + 1]!] = { key: `b:${a} ${b}`, cond: { phrases: [[[a], [b]]] } };
  }
  for (const [cat, f] of m.categories) out[f] = { key: `c:${cat}`, cond: { cat } };
  // A topic the pack has no rules for is never said by them.
  const fine = new Set(pack.rules.map((r) => r.topic.id));
  const below = new Set(pack.rules.flatMap((r) => r.topic.parents));
  for (const [id, f] of m.ruleGiven)
    out[f] = { key: `r:${id}`, cond: fine.has(id) || below.has(id) ? { given: id } : undefined };
  for (const [id, f] of m.ruleEvidence)
    out[f] = { key: `e:${id}`, cond: fine.has(id) ? { seen: id } : undefined };
  return out;
}
