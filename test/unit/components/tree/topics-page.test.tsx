// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { TopicNeighbours } from '@/components/topic/topic-neighbours';
import { TopicsPage } from '@/components/tree/topics-page';
import { SendContext } from '@/components/use-message';
import { INDEX, momentum, topic } from '../../helpers/pages/builders';
import { fakeBackground } from '../../helpers/pages/fake-send';

afterEach(cleanup);

const node = (id: string, name: string, parents: string[], weekly: number[], extra = {}) => ({
  ...topic(id, name, { weekly, momentum: momentum(8, 2), ...extra }),
  parents,
  aliases: id === 'agentic-rl' ? ['Multi-Turn RL'] : [],
});

const TREE = [
  node(
    'reinforcement-learning',
    'Reinforcement Learning',
    [],
    [10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10],
  ),
  node(
    'agentic-rl',
    'Agentic RL',
    ['reinforcement-learning', 'llm-agents'],
    [0, 0, 1, 1, 1, 2, 2, 3, 4, 5, 6, 7],
  ),
  node('llm-agents', 'LLM Agents', [], [5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5]),
  node('cs.LG', 'Machine Learning', [], [90, 90, 90, 90, 90, 90, 90, 90, 90, 90, 90, 45], {
    kind: 'category',
  }),
];

function setup(initialCompare: string[] = [], topics = TREE) {
  const changes: string[][] = [];
  const bg = fakeBackground({
    'topics.tree': () => ({ topics, all: Array(12).fill(100), index: INDEX }),
  });
  const view = render(
    <SendContext.Provider value={bg.send}>
      <TopicsPage initialCompare={initialCompare} onCompareChange={(ids) => changes.push(ids)} />
    </SendContext.Provider>,
  );
  return { view, changes };
}

describe('topics page (the tree)', () => {
  it('shows every topic once with data-topic-id, nested under its parent, with counts and badges', async () => {
    const { view } = setup();
    await waitFor(() => expect(view.container.querySelectorAll('[data-topic-id]')).toHaveLength(4));
    const rl = view.container.querySelector('[data-topic-id="reinforcement-learning"]')!;
    expect(rl.querySelector('[data-topic-id="agentic-rl"]')).not.toBeNull();
    const agentic = view.container.querySelector('[data-topic-id="agentic-rl"]')!;
    expect(agentic.querySelector('[data-tree-count]')!.textContent).toBe(
      '32 papers in 12 weeks · also under LLM Agents',
    );
    expect(rl.querySelector('[data-tree-count]')!.textContent).toContain('1 subtopic');
    expect(agentic.querySelector('[data-momentum]')!.getAttribute('data-momentum')).toBe('rising');
    expect(agentic.querySelector('a')!.getAttribute('href')).toBe('/topic.html?id=agentic-rl');
  });

  it('lists the busiest topics first, by trend or by name on request, and says "1 paper"', async () => {
    const weeks = (total: number) => [...Array(11).fill(0), total];
    const { view } = setup(
      [],
      [
        node('alpha', 'Alpha', [], weeks(1), { momentum: momentum(1, 1) }),
        node('beta', 'Beta', [], weeks(50), { momentum: momentum(5, 10, { trend: 'cooling' }) }),
        node('gamma', 'Gamma', [], weeks(20), { momentum: momentum(8, 2) }),
        node('delta', 'Delta', [], weeks(4), { momentum: momentum(4, 0) }),
      ],
    );
    const order = () =>
      [...view.container.querySelectorAll('[data-topic-id]')].map((e) => e.getAttribute('data-topic-id'));
    await waitFor(() => expect(order()).toEqual(['beta', 'gamma', 'delta', 'alpha']));
    expect(view.container.querySelector('[data-topic-id="alpha"] [data-tree-count]')!.textContent).toBe(
      '1 paper in 12 weeks',
    );
    const sortBy = screen.getByRole('combobox', { name: 'Sort by' });
    fireEvent.change(sortBy, { target: { value: 'trend' } });
    await waitFor(() => expect(order()).toEqual(['gamma', 'delta', 'alpha', 'beta']));
    fireEvent.change(sortBy, { target: { value: 'name' } });
    await waitFor(() => expect(order()).toEqual(['alpha', 'beta', 'delta', 'gamma']));
  });

  it('finds topics by alias, keeping their parents, and opens them', async () => {
    const { view } = setup();
    await waitFor(() => expect(view.container.querySelectorAll('[data-topic-id]')).toHaveLength(4));
    fireEvent.input(screen.getByRole('searchbox', { name: 'Find a topic by name or alias' }), {
      target: { value: 'multi-turn' },
    });
    await waitFor(() =>
      expect(
        [...view.container.querySelectorAll('[data-topic-id]')].map((e) => e.getAttribute('data-topic-id')),
      ).toEqual(['reinforcement-learning', 'agentic-rl']),
    );
    expect(view.container.querySelector('details')!.open).toBe(true);
    expect(view.container.querySelector('[data-tree-shown]')!.textContent).toBe(
      '2 topics match “multi-turn”.',
    );
  });

  it('compares two to five ticked topics on one chart of weekly shares', async () => {
    const { view, changes } = setup(['agentic-rl']);
    await waitFor(() =>
      expect(view.container.querySelector('[data-compare-hint]')!.textContent).toContain(
        'chosen: Agentic RL',
      ),
    );
    fireEvent.click(screen.getByRole('checkbox', { name: 'Compare LLM Agents' }));
    const chart = await waitFor(() => view.container.querySelector('[data-compare-chart]')!);
    expect([...chart.querySelectorAll('[data-series]')].map((s) => s.getAttribute('data-series'))).toEqual([
      'agentic-rl',
      'llm-agents',
    ]);
    expect(chart.querySelector('svg')!.getAttribute('aria-label')).toBe(
      'Weekly share of all indexed papers, Agentic RL, LLM Agents, 12 weeks',
    );
    // The same numbers as a table: LLM Agents has 5 of 100 papers every week.
    expect(chart.querySelector('tbody tr td:nth-child(3)')!.textContent).toBe('5.0%');
    expect(changes.at(-1)).toEqual(['agentic-rl', 'llm-agents']);
    for (const id of ['reinforcement-learning', 'cs.LG'])
      fireEvent.click(view.container.querySelector(`[data-compare="${id}"]`)!);
    expect(chart.querySelectorAll('[data-series]')).toHaveLength(4);
  });
});

describe('topic page: place in the tree', () => {
  it('lists subtopics and siblings, and links to compare', async () => {
    const topics = [...TREE, node('offline-rl', 'Offline RL', ['reinforcement-learning'], [])];
    const bg = fakeBackground({ 'topics.tree': () => ({ topics, all: [], index: INDEX }) });
    const view = render(
      <SendContext.Provider value={bg.send}>
        <TopicNeighbours topicId="agentic-rl" />
      </SendContext.Provider>,
    );
    const ids = (key: string) =>
      [...view.container.querySelectorAll(`[data-neighbours="${key}"] [data-neighbour-topic]`)].map((a) =>
        a.getAttribute('data-neighbour-topic'),
      );
    await waitFor(() => expect(ids('siblings')).toEqual(['offline-rl']));
    expect(ids('children')).toEqual([]);
    expect(screen.getByRole('link', { name: 'Compare with other topics…' }).getAttribute('href')).toBe(
      '/topics.html?compare=agentic-rl',
    );
    cleanup();
    const parent = render(
      <SendContext.Provider value={bg.send}>
        <TopicNeighbours topicId="reinforcement-learning" />
      </SendContext.Provider>,
    );
    await waitFor(() =>
      expect(
        [...parent.container.querySelectorAll('[data-neighbours="children"] a')].map((a) => a.textContent),
      ).toEqual(['Agentic RL', 'Offline RL']),
    );
  });
});
