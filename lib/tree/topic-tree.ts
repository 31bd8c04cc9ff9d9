/** The topic tree of the pack: every topic placed under its first parent, siblings in the reader's order. */

export interface TreeTopic {
  id: string;
  name: string;
  kind: 'category' | 'fine' | 'user';
  parents: string[];
  aliases: string[];
}

export interface TreeNode<T extends TreeTopic> {
  topic: T;
  children: TreeNode<T>[];
  /** Parents other than the one it is listed under ("also in …"). */
  alsoIn: string[];
}

/**
 * Research topics (fine and the user's) as a forest; arXiv categories apart, as their own list. A topic
 * with several parents sits under the first, so each topic appears once; a parent that is missing or a
 * cycle makes it a root rather than losing it. Siblings and categories come in `order` (ties by name);
 * without one, topics by name and categories by id.
 */
export function buildTree<T extends TreeTopic>(
  topics: readonly T[],
  order?: (a: T, b: T) => number,
): { roots: TreeNode<T>[]; categories: T[] } {
  const research = topics.filter((t) => t.kind !== 'category');
  const byId = new Map(research.map((t) => [t.id, t]));
  const nodes = new Map(research.map((t) => [t.id, { topic: t, children: [], alsoIn: [] } as TreeNode<T>]));
  const roots: TreeNode<T>[] = [];
  for (const node of nodes.values()) {
    const [first, ...others] = node.topic.parents.filter((p) => byId.has(p));
    if (first && !reaches(first, node.topic.id, byId)) {
      nodes.get(first)!.children.push(node);
      node.alsoIn = others;
    } else {
      roots.push(node);
    }
  }
  const byName = (a: T, b: T) => (order?.(a, b) ?? 0) || a.name.localeCompare(b.name);
  const sortAll = (list: TreeNode<T>[]) => {
    list.sort((a, b) => byName(a.topic, b.topic));
    for (const n of list) sortAll(n.children);
  };
  sortAll(roots);
  const categories = topics
    .filter((t) => t.kind === 'category')
    .sort((a, b) => (order?.(a, b) ?? 0) || a.id.localeCompare(b.id));
  return { roots, categories };
}

/** Whether following first parents from `from` comes back to `target` (a cycle in the data). */
function reaches(from: string, target: string, byId: Map<string, TreeTopic>): boolean {
  const seen = new Set<string>();
  for (
    let at: string | undefined = from;
    at && !seen.has(at);
    at = byId.get(at)?.parents.find((p) => byId.has(p))
  ) {
    if (at === target) return true;
    seen.add(at);
  }
  return false;
}

/** Whether a topic's name, id or one of its aliases contains the query (case-insensitive). */
export function topicMatches(topic: TreeTopic, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  return [topic.name, topic.id, ...topic.aliases].some((key) => key.toLowerCase().includes(q));
}

/** The forest cut down to matching topics and the ancestors that lead to them. */
export function filterTree<T extends TreeTopic>(roots: readonly TreeNode<T>[], query: string): TreeNode<T>[] {
  if (!query.trim()) return [...roots];
  return roots.flatMap((node) => {
    const children = filterTree(node.children, query);
    return topicMatches(node.topic, query) || children.length ? [{ ...node, children }] : [];
  });
}

/** Direct children and siblings (other children of its parents) of a topic, for the topic page. */
export function neighbours<T extends TreeTopic>(
  topics: readonly T[],
  id: string,
): { children: T[]; siblings: T[] } {
  const me = topics.find((t) => t.id === id);
  const children = topics.filter((t) => t.parents.includes(id));
  const siblings = me
    ? topics.filter((t) => t.id !== id && t.parents.some((p) => me.parents.includes(p)))
    : [];
  const byName = (a: T, b: T) => a.name.localeCompare(b.name);
  return { children: children.sort(byName), siblings: siblings.sort(byName) };
}
