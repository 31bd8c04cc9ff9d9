/**
 * How specific a topic is, from the pack's hierarchy: its broader topics (every ancestor) and whether it is a
 * field (a root with subtopics: Large Language Models, Reinforcement Learning). A paper's row shows its most
 * specific topics first: Agentic RL before Reinforcement Learning, LLM Evaluation before a field.
 */
export function createSpecificity(topics: Iterable<{ id: string; parents: readonly string[] }>) {
  const parentsOf = new Map<string, readonly string[]>();
  const withChildren = new Set<string>();
  for (const topic of topics) {
    parentsOf.set(topic.id, topic.parents);
    for (const parent of topic.parents) withChildren.add(parent);
  }
  const memo = new Map<string, string[]>();
  const broader = (id: string): string[] => {
    let known = memo.get(id);
    if (!known) {
      const seen = new Set<string>();
      const stack = [...(parentsOf.get(id) ?? [])];
      while (stack.length > 0) {
        const at = stack.pop()!;
        if (at === id || seen.has(at)) continue;
        seen.add(at);
        stack.push(...(parentsOf.get(at) ?? []));
      }
      known = [...seen];
      memo.set(id, known);
    }
    return known;
  };
  return {
    broader,
    isField: (id: string) => (parentsOf.get(id)?.length ?? 0) === 0 && withChildren.has(id),
  };
}
