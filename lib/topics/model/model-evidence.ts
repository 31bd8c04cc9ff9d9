import type { Field } from '../matching/field-scan';
import type { WordTable } from '../matching/word-table';
import type { Evidence } from '../types';
import { type CompiledModel, KIND_BIGRAM, KIND_CATEGORY, KIND_RULE, KIND_TITLE } from './model-load';

/**
 * Why the learned layer gave a topic: the paper's features that weighed most for it, as the paper spells
 * them. Read per topic from its own list of positive weights (`TopicWeights`), not by searching every
 * feature's postings for the topic: a model tag costs the topic's list, not the paper's postings again.
 */

/** Per topic, its features of positive weight (ascending) and their weights: model.json's own order. */
export interface TopicWeights {
  start: Int32Array;
  feature: Int32Array;
  weight: Float32Array;
}

/** The model's postings (per feature, in topic order) turned per topic, positive weights only. */
export function topicWeights(m: CompiledModel): TopicWeights {
  const { postStart, postTopic, postWeight } = m;
  const topics = m.topicIds.length;
  const nf = postStart.length - 1;
  const start = new Int32Array(topics + 1);
  for (let p = 0; p < postTopic.length; p++) if (postWeight[p]! > 0) start[postTopic[p]! + 1]!++;
  for (let k = 0; k < topics; k++) start[k + 1]! += start[k]!;
  const fill = start.slice(0, topics);
  const feature = new Int32Array(start[topics]!);
  const weight = new Float32Array(start[topics]!);
  for (let f = 0; f < nf; f++) {
    for (let p = postStart[f]!; p < postStart[f + 1]!; p++) {
      if (!(postWeight[p]! > 0)) continue;
      const at = fill[postTopic[p]!]!++;
      feature[at] = f;
      weight[at] = postWeight[p]!;
    }
  }
  return { start, feature, weight };
}

/** Words that weigh in a model but explain nothing to a reader. */
const FUNCTION_WORDS = new Set(
  'a an and are as at be by for from has have in into is it its of on or our over that the their these this to under via we which while with'.split(
    ' ',
  ),
);

/** The paper as the scorer saw it: features in first-met order, as (feature, field, position) triples. */
export interface ScoredPaper {
  found: Int32Array;
  table: WordTable;
  fields: readonly Field[];
  categories: readonly string[];
  /** What the rules said (model-score.ts RuleOutput). */
  rules: { given: readonly string[]; evidence: readonly string[] };
}

/**
 * At most `max` telling reasons from `weighed` (triples' offsets into `found`, heaviest first): a category,
 * a topic the rules gave or nearly gave (by name), or the paper's word or two words.
 */
export function describeFeatures(
  m: CompiledModel,
  paper: ScoredPaper,
  topic: number,
  weighed: readonly { at: number }[],
  topicName: (id: string) => string,
  max: number,
): Evidence[] {
  const { found, table, fields, categories, rules } = paper;
  const out: Evidence[] = [];
  const fallback: Evidence[] = [];
  for (const { at } of weighed) {
    const [f, field, position] = [found[at]!, found[at + 1]!, found[at + 2]!];
    let phrase: string;
    // A reason a reader can check: not the topic itself (the rules' near-miss is the model's prior), not a
    // function word; kept only when nothing better weighed.
    let telling = true;
    if (m.featureKind[f] === KIND_CATEGORY) phrase = categories[position]!;
    else if (m.featureKind[f] === KIND_RULE) {
      // "The rules gave (or nearly gave) this paper topic X": shown as that topic's name.
      const id =
        position < rules.given.length
          ? rules.given[position]!
          : rules.evidence[position - rules.given.length]!;
      phrase = topicName(id);
      telling = id !== m.topicIds[topic];
    } else {
      const words = fields[field]!.scan.words;
      phrase = table.raws[words[position]!]!;
      if (m.featureKind[f] === KIND_BIGRAM) phrase += ` ${table.raws[words[position + 1]!]!}`;
      else telling = !FUNCTION_WORDS.has(phrase.toLowerCase());
    }
    const where =
      field === 3
        ? 'topic'
        : field === 2
          ? 'category'
          : m.featureKind[f] === KIND_TITLE || field === 0
            ? 'title'
            : 'abstract';
    const list = telling ? out : fallback;
    if (!list.some((e) => e.phrase.toLowerCase() === phrase.toLowerCase())) list.push({ phrase, where });
    if (out.length === max) break;
  }
  return out.length ? out : fallback.slice(0, 1);
}
