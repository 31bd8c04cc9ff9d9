import type { RulePack } from '../pack/model';
import type { TopicTag } from '../types';

/**
 * How a child topic relates to its parents: a child is a kind of each of its parents, so a paper given a
 * fine topic is given all its ancestors too (a paper about Agentic RL is about Reinforcement Learning and
 * about LLM Agents). Chips, momentum counts and follows then agree: a parent's count is never below a
 * child's. An implied ancestor carries the evidence of the child that implied it and a score no higher
 * than that child's; it does not count against the per-paper limit (which bounds what the rules say).
 * So `parents` in the pack name only what a child is a kind of (every paper of the child is a paper of the
 * parent): knowledge distillation is not always model compression, NeRF not always view synthesis,
 * hyperspectral imaging not always remote sensing, and a related topic is not a parent.
 */
export function withAncestors(tags: TopicTag[], pack: RulePack): TopicTag[] {
  const given = new Set(tags.map((t) => t.topicId));
  const implied: TopicTag[] = [];
  for (const tag of tags) {
    const stack = [...(pack.byId.get(tag.topicId)?.parents ?? [])];
    while (stack.length) {
      const id = stack.pop()!;
      if (given.has(id)) continue;
      given.add(id);
      implied.push({ topicId: id, score: tag.score, evidence: tag.evidence, source: 'parent' });
      stack.push(...(pack.byId.get(id)?.parents ?? []));
    }
  }
  return implied.length ? [...tags, ...implied] : tags;
}

/**
 * `ids` less those that are an ancestor of another of them: "rising inside LLM Hallucination" says what
 * "inside LLM Hallucination, Large Language Models" says.
 */
export function withoutAncestors(
  ids: readonly string[],
  parentsOf: (id: string) => readonly string[] | undefined,
): string[] {
  const ancestors = new Set<string>();
  const stack = ids.flatMap((id) => parentsOf(id) ?? []);
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (ancestors.has(id)) continue;
    ancestors.add(id);
    stack.push(...(parentsOf(id) ?? []));
  }
  return ids.filter((id) => !ancestors.has(id));
}
