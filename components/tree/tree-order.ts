import type { TopicSummary } from '@/lib/messages/schemas';

/**
 * How the tree lists siblings. Alphabetical only, a new reader had to open every field to find where the
 * papers are; by papers (the default) the busy topics come first, by trend the rising ones.
 */
export type TreeOrder = 'papers' | 'trend' | 'name';

export const TREE_ORDERS: readonly { value: TreeOrder; label: string }[] = [
  { value: 'papers', label: 'most papers' },
  { value: 'trend', label: 'trend (rising first)' },
  { value: 'name', label: 'name' },
];

/** Papers in the chart weeks, as the row shows them. */
export function paperTotal(topic: Pick<TopicSummary, 'weekly'>): number {
  return topic.weekly.reduce((a, b) => a + b, 0);
}

/** Rising, then new, steady, cooling, and last what has no momentum yet. */
const TREND_RANK = { rising: 0, new: 1, steady: 2, cooling: 3 } as const;

/**
 * The comparison for an order (undefined: by name, the tree's own tie-break). Rising and cooling topics
 * by their change, the biggest rise and the smallest fall first; ties by papers.
 */
export function compareTopics(order: TreeOrder): ((a: TopicSummary, b: TopicSummary) => number) | undefined {
  const byPapers = (a: TopicSummary, b: TopicSummary) => paperTotal(b) - paperTotal(a);
  if (order === 'papers') return byPapers;
  if (order === 'name') return undefined;
  const rank = (t: TopicSummary) => (t.momentum ? TREND_RANK[t.momentum.trend] : 4);
  const change = (t: TopicSummary) =>
    t.momentum?.trend === 'rising' || t.momentum?.trend === 'cooling' ? (t.momentum.change ?? 0) : 0;
  return (a, b) => rank(a) - rank(b) || change(b) - change(a) || byPapers(a, b);
}
