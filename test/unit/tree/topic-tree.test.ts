import { describe, expect, it } from 'vitest';
import { formatShare, shareSeries } from '@/lib/tree/share-series';
import { buildTree, filterTree, neighbours, type TreeTopic } from '@/lib/tree/topic-tree';

const t = (id: string, parents: string[] = [], extra: Partial<TreeTopic> = {}): TreeTopic => ({
  id,
  name: id.replace(/-/g, ' '),
  kind: 'fine',
  parents,
  aliases: [],
  ...extra,
});

const TOPICS = [
  t('reinforcement-learning'),
  t('llm-agents'),
  t('agentic-rl', ['reinforcement-learning', 'llm-agents'], { aliases: ['Multi-Turn RL'] }),
  t('offline-rl', ['reinforcement-learning']),
  t('loop-a', ['loop-b']),
  t('loop-b', ['loop-a']),
  t('orphan', ['not-in-pack']),
  t('cs.LG', [], { kind: 'category' }),
];

describe('topic tree', () => {
  it('places each topic once, under its first parent, and lists categories apart', () => {
    const { roots, categories } = buildTree(TOPICS);
    const shape = (nodes: ReturnType<typeof buildTree>['roots']): unknown =>
      nodes.map((n) => (n.children.length ? { [n.topic.id]: shape(n.children) } : n.topic.id));
    // A cycle in the data makes its members roots rather than losing them.
    expect(shape(roots)).toEqual([
      'llm-agents',
      'loop-a',
      'loop-b',
      'orphan',
      { 'reinforcement-learning': ['agentic-rl', 'offline-rl'] },
    ]);
    const agentic = roots.find((n) => n.topic.id === 'reinforcement-learning')!.children[0]!;
    expect(agentic.alsoIn).toEqual(['llm-agents']);
    expect(categories.map((c) => c.id)).toEqual(['cs.LG']);
  });

  it('orders siblings and categories as asked, by name on a tie', () => {
    const size: Record<string, number> = { 'offline-rl': 9, 'agentic-rl': 3, 'llm-agents': 5, orphan: 5 };
    const bySize = (a: TreeTopic, b: TreeTopic) => (size[b.id] ?? 0) - (size[a.id] ?? 0);
    const { roots, categories } = buildTree([...TOPICS, t('cs.AI', [], { kind: 'category' })], bySize);
    expect(roots.map((n) => n.topic.id)).toEqual([
      'llm-agents',
      'orphan',
      'loop-a',
      'loop-b',
      'reinforcement-learning',
    ]);
    expect(roots.at(-1)!.children.map((n) => n.topic.id)).toEqual(['offline-rl', 'agentic-rl']);
    expect(categories.map((c) => c.id)).toEqual(['cs.AI', 'cs.LG']);
  });

  it('filters by name or alias, keeping the path to each match', () => {
    const { roots } = buildTree(TOPICS);
    const found = filterTree(roots, 'multi-turn');
    expect(found.map((n) => n.topic.id)).toEqual(['reinforcement-learning']);
    expect(found[0]!.children.map((n) => n.topic.id)).toEqual(['agentic-rl']);
    expect(filterTree(roots, 'zzz')).toEqual([]);
  });

  it('finds children and siblings for a topic page', () => {
    const { children, siblings } = neighbours(TOPICS, 'agentic-rl');
    expect(children).toEqual([]);
    expect(siblings.map((s) => s.id)).toEqual(['offline-rl']);
    expect(neighbours(TOPICS, 'reinforcement-learning').children.map((c) => c.id)).toEqual([
      'agentic-rl',
      'offline-rl',
    ]);
  });
});

describe('compare shares', () => {
  it('divides by all papers of the week, and says when a week has none', () => {
    expect(shareSeries([1, 2, 0], [100, 0, 50])).toEqual([0.01, null, 0]);
    expect([0.1234, 0.01234, 0.001234, null].map(formatShare)).toEqual(['12%', '1.2%', '0.12%', 'no papers']);
  });
});
