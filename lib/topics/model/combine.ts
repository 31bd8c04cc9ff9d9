import type { Field } from '../matching/field-scan';
import type { RulePack } from '../pack/model';
import { type RejectedTag, SCORE } from '../scoring/fine-scoring';
import type { TopicTag } from '../types';
import type { CompiledModel } from './model-load';
import type { ModelHit, ModelScorer, RuleOutput } from './model-score';

const round = (x: number) => Math.round(x * 100) / 100;

/**
 * Rules and the learned layer together. A topic the model covers is given when its rules or the model
 * say so, except a `model` topic (its rules were measured to fire on papers not about it), which only
 * the model gives. A model tag scores the rules' threshold plus its margin in log-odds, so a confident
 * model tag ranks with a title hit. Then the best `max` are kept. Without `withEvidence`, a model tag carries
 * no evidence (its score is the same).
 */
export function combineWithModel(
  ruleTags: readonly TopicTag[],
  scorer: ModelScorer,
  pack: RulePack,
  fields: readonly Field[],
  categories: readonly string[],
  max: number,
  rejected: RejectedTag[] | undefined,
  seen: readonly string[] = [],
  withEvidence = true,
): TopicTag[] {
  const { model } = scorer;
  const words = pack.index.words;
  const rules = model.ruleGiven.size > 0 ? ruleOutput(ruleTags, seen, pack) : undefined;
  const hits = scorer.score(words, fields, categories, rules);
  const byId = new Map<string, TopicTag>();
  for (const { topicId, score, evidence } of ruleTags)
    byId.set(topicId, { topicId, score, evidence, source: 'rules' });
  unconfirmed(ruleTags, model, hits, (id) => {
    const tag = byId.get(id);
    if (!tag) return;
    byId.delete(id);
    rejected?.push({ ...tag, reason: 'not confirmed by the learned model' });
  });
  for (const { topic, margin } of hits) {
    const id = model.topicIds[topic]!;
    const score = round(SCORE.threshold + margin);
    const tag = byId.get(id);
    if (tag) {
      tag.score = Math.max(tag.score, score);
      tag.source = 'both';
    } else {
      byId.set(id, {
        topicId: id,
        score,
        evidence: withEvidence
          ? scorer.evidence(topic, words, fields, categories, rules, (t) => pack.byId.get(t)?.name ?? t)
          : [],
        source: 'model',
      });
    }
  }
  const all = [...byId.values()].sort((a, b) => b.score - a.score || (a.topicId < b.topicId ? -1 : 1));
  return limitFound(all, pack, max, rejected);
}

const modelOnlyIndex = new WeakMap<CompiledModel, ReadonlyMap<string, number>>();

/**
 * Calls `drop` with the id of each rule tag of a `model` topic that the model did not give, in the model's topic
 * order. Looked up per rule tag (a paper has a few), not per model topic (hundreds, and often all `model`).
 */
function unconfirmed(
  ruleTags: readonly TopicTag[],
  model: CompiledModel,
  hits: readonly ModelHit[],
  drop: (id: string) => void,
) {
  let index = modelOnlyIndex.get(model);
  if (!index) {
    // A topic's first `model` entry in the model's order (ids are unique; first wins if not).
    const byId = new Map<string, number>();
    model.topicIds.forEach((id, k) => {
      if (model.modelOnly[k] && !byId.has(id)) byId.set(id, k);
    });
    index = byId;
    modelOnlyIndex.set(model, index);
  }
  const dropped: { k: number; tag: TopicTag }[] = [];
  for (const tag of ruleTags) {
    const k = index.get(tag.topicId);
    if (k === undefined) continue;
    let hit = false;
    for (let h = 0; h < hits.length && !hit; h++) hit = model.topicIds[hits[h]!.topic] === tag.topicId;
    if (!hit) dropped.push({ k, tag });
  }
  dropped.sort((a, b) => a.k - b.k);
  for (const { tag } of dropped) drop(tag.topicId);
}

/** What the rules said, as the model reads it: the topics they gave with their ancestors, and those they saw. */
export function ruleOutput(
  ruleTags: readonly TopicTag[],
  seen: readonly string[],
  pack: RulePack,
): RuleOutput {
  const given: string[] = [];
  const stack = ruleTags.map((t) => t.topicId);
  while (stack.length) {
    const id = stack.pop()!;
    if (given.includes(id)) continue;
    given.push(id);
    for (const parent of pack.byId.get(id)?.parents ?? []) stack.push(parent);
  }
  return { given, evidence: seen.filter((id) => !given.includes(id)) };
}

/**
 * The best `max` topics, not counting a topic that is a parent of another candidate: it is implied by
 * its child anyway (hierarchy.ts), and counting it would let broad parents push out the specific topics.
 */
export function limitFound(
  all: TopicTag[],
  pack: RulePack,
  max: number,
  rejected: RejectedTag[] | undefined,
) {
  const ancestors = new Set<string>();
  const stack: string[] = [];
  for (const t of all) {
    for (const parent of pack.byId.get(t.topicId)?.parents ?? []) stack.push(parent);
    while (stack.length) {
      const id = stack.pop()!;
      if (ancestors.has(id)) continue;
      ancestors.add(id);
      for (const parent of pack.byId.get(id)?.parents ?? []) stack.push(parent);
    }
  }
  const kept: TopicTag[] = [];
  let counted = 0;
  for (const t of all) {
    if (ancestors.has(t.topicId)) kept.push(t);
    else if (counted < max) {
      kept.push(t);
      counted++;
    } else rejected?.push({ ...t, reason: 'beyond the per-paper limit' });
  }
  rejected?.sort((a, b) => b.score - a.score);
  return kept;
}
