// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Popup } from '@/components/popup/popup';
import { SendContext } from '@/components/use-message';
import { INDEX, momentum, paper, status, topic } from '../../helpers/pages/builders';
import { type FakeHandlers, fakeBackground } from '../../helpers/pages/fake-send';

afterEach(() => {
  cleanup();
  localStorage.clear(); // the popup keeps its last Emerging answer there
});

const FOLLOWS = [
  { ...topic('world-models', 'World Models', { followed: true }), newCount: 0 },
  { ...topic('agentic-rl', 'Agentic RL', { followed: true }), newCount: 5 },
  { ...topic('muon-optimizer', 'Muon Optimizer', { followed: true }), newCount: 2 },
];

function handlers(overrides: FakeHandlers = {}): FakeHandlers {
  return {
    'follows.list': () => ({ follows: FOLLOWS, index: INDEX }),
    'status.get': () => status(),
    'topics.trending': () => ({
      topics: [
        topic('on-policy-distillation', 'On-Policy Distillation', { momentum: momentum(30, 10) }),
        topic('steady-topic', 'Steady Topic', { momentum: momentum(10, 10) }),
      ],
      index: INDEX,
    }),
    'discover.emerging': () => ({ phrases: [], firstWeek: null, rows: [], index: INDEX }),
    ...overrides,
  };
}

function renderPopup(overrides: FakeHandlers = {}, props: Parameters<typeof Popup>[0] = {}) {
  const bg = fakeBackground(handlers(overrides));
  const view = render(
    <SendContext.Provider value={bg.send}>
      <Popup tabUrl={async () => 'chrome://newtab/'} openOptions={() => {}} {...props} />
    </SendContext.Provider>,
  );
  return { bg, view };
}

function rows(container: Element) {
  return [...container.querySelectorAll<HTMLElement>('[data-followed-topic-id]')];
}

describe('popup: followed topics', () => {
  it('lists every followed topic with its new-paper count, what is new first', async () => {
    const { view } = renderPopup();
    await waitFor(() => expect(rows(view.container)).toHaveLength(3));
    const order = rows(view.container).map((row) => row.dataset.followedTopicId);
    expect(order).toEqual(['agentic-rl', 'muon-optimizer', 'world-models']);
    const counts = rows(view.container).map((row) => row.querySelector('[data-new-count]')?.textContent);
    expect(counts).toEqual(['5', '2', '0']);
    // Each row carries its badge (trend) and its sparkline.
    const first = rows(view.container)[0]!;
    expect(first.querySelector('[data-momentum]')?.getAttribute('data-momentum')).toBe('rising');
    expect(first.querySelector('svg.pp-sparkline')).not.toBeNull();
    expect(screen.getByRole('heading', { name: /Followed topics · 7 new/ })).toBeTruthy();
  });

  it('shows the rows in the render that brings the answer, not a frame later', async () => {
    let answer: (value: { follows: typeof FOLLOWS; index: typeof INDEX }) => void = () => {};
    const { bg, view } = renderPopup({
      'follows.list': () => new Promise((resolve) => (answer = resolve)),
    });
    await waitFor(() => expect(bg.callsOf('follows.list')).toHaveLength(1));
    // No frame comes from here on: what waits for one (an effect after paint) does not run.
    vi.useFakeTimers({ toFake: ['setTimeout', 'requestAnimationFrame'] });
    try {
      answer({ follows: FOLLOWS, index: INDEX });
      for (let i = 0; i < 20; i++) await Promise.resolve();
      expect(rows(view.container)).toHaveLength(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it('expands a row to its newest papers, linked to their abstract pages, and marks the topic seen', async () => {
    const { bg, view } = renderPopup({
      'follows.newPapers': ({ id }) => ({
        papers: id === 'agentic-rl' ? [paper('2609.01234', 'CityPlanner: A Sandbox Agent')] : [],
      }),
      'follows.markSeen': () => ({}),
    });
    await waitFor(() => expect(rows(view.container)).toHaveLength(3));
    const row = rows(view.container)[0]!;
    const expand = within(row).getByRole('button', { name: /newest papers of Agentic RL/ });
    expect(expand.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(expand);
    expect(expand.getAttribute('aria-expanded')).toBe('true');
    const link = await within(row).findByRole('link', { name: 'CityPlanner: A Sandbox Agent' });
    expect(link.getAttribute('href')).toBe('https://arxiv.org/abs/2609.01234');
    expect(bg.callsOf('follows.newPapers')).toEqual([{ id: 'agentic-rl', limit: 10 }]);

    fireEvent.click(within(row).getByRole('button', { name: 'Mark seen for Agentic RL' }));
    await waitFor(() => expect(row.querySelector('[data-new-count]')?.textContent).toBe('0'));
    expect(bg.callsOf('follows.markSeen')).toEqual([{ id: 'agentic-rl' }]);
    // The row stays where it is (no jump away from the focus) until the popup is opened again.
    expect(rows(view.container)[0]).toBe(row);
    expect(screen.getByRole('heading', { name: /Followed topics · 2 new/ })).toBeTruthy();
  });

  it('says so when a topic has nothing new, and when loading its papers fails', async () => {
    let fail = false;
    const { view } = renderPopup({
      'follows.newPapers': () => {
        if (fail) throw new Error('database closed');
        return { papers: [] };
      },
      'topic.get': ({ id }) => ({
        info: { id, name: 'World Models', kind: 'fine', aliases: [], parents: [], description: '' },
        summary: topic(id, 'World Models'),
        papers: [],
        total: 0,
        spans: { inChart: 0, newer: 0, older: 0 },
        related: [],
        index: INDEX,
      }),
    });
    await waitFor(() => expect(rows(view.container)).toHaveLength(3));
    const row = rows(view.container)[2]!;
    const expand = within(row).getByRole('button', { name: /World Models/ });
    fireEvent.click(expand);
    expect(await within(row).findByText('No new papers since you last looked.')).toBeTruthy();
    // Its count says what it counts, and there is nothing to mark seen.
    expect(row.querySelector('[data-new-label]')!.textContent).toMatch(/^0 new/);
    expect(row.querySelector('[data-mark-seen]')).toBeNull();
    fireEvent.click(expand);
    fail = true;
    fireEvent.click(expand);
    expect((await within(row).findByRole('alert')).textContent).toContain('database closed');
  });

  it('shows a topic with nothing new by its latest papers, with dates and chips', async () => {
    const { view } = renderPopup({
      'follows.newPapers': () => ({ papers: [] }),
      'topic.get': ({ id }) => ({
        info: { id, name: 'World Models', kind: 'fine', aliases: [], parents: [], description: '' },
        summary: topic(id, 'World Models'),
        papers: [
          paper('2609.01234', 'Latent world models for planning', {
            published: Date.UTC(2026, 8, 20, 12),
            topics: [
              { id: 'world-models', name: 'World Models' },
              { id: 'model-based-rl', name: 'Model-Based RL' },
            ],
          }),
        ],
        total: 1,
        spans: { inChart: 1, newer: 0, older: 0 },
        related: [],
        index: INDEX,
      }),
    });
    await waitFor(() => expect(rows(view.container)).toHaveLength(3));
    const row = rows(view.container)[2]!;
    fireEvent.click(within(row).getByRole('button', { name: /World Models/ }));
    expect(
      await within(row).findByText(/No new papers since you last looked\. Its latest papers:/),
    ).toBeTruthy();
    const item = row.querySelector('[data-latest] [data-paper-id="2609.01234"]')!;
    expect(item.textContent).toContain('Latent world models for planning');
    expect(item.querySelector('time')?.getAttribute('datetime')).toBe('2026-09-20T12:00:00.000Z');
    expect([...item.querySelectorAll('.pp-tag')].map((a) => a.textContent)).toEqual(['Model-Based RL']);
  });

  it('marks all topics seen at once', async () => {
    const { bg, view } = renderPopup({ 'follows.markSeen': () => ({}) });
    await waitFor(() => expect(rows(view.container)).toHaveLength(3));
    fireEvent.click(screen.getByRole('button', { name: 'Mark all seen' }));
    await waitFor(() =>
      expect(rows(view.container).map((row) => row.querySelector('[data-new-count]')?.textContent)).toEqual([
        '0',
        '0',
        '0',
      ]),
    );
    expect(bg.callsOf('follows.markSeen')).toEqual([{}]);
  });

  it('shows an error with a retry when the follows cannot be loaded', async () => {
    let attempts = 0;
    const { view } = renderPopup({
      'follows.list': () => {
        attempts++;
        if (attempts === 1) throw new Error('No answer from the background');
        return { follows: FOLLOWS, index: INDEX };
      },
    });
    const alert = await screen.findByText(
      /Could not load your followed topics: No answer from the background/,
    );
    expect(alert).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(rows(view.container)).toHaveLength(3));
  });

  it('renders hostile topic names as text', async () => {
    const evil = '<img src=x onerror="alert(1)">';
    const { view } = renderPopup({
      'follows.list': () => ({
        follows: [{ ...topic('evil', evil, { followed: true }), newCount: 1 }],
        index: INDEX,
      }),
    });
    await waitFor(() => expect(rows(view.container)).toHaveLength(1));
    expect(view.container.querySelector('img')).toBeNull();
    expect(rows(view.container)[0]!.textContent).toContain(evil);
  });
});

describe('popup: first run', () => {
  it('explains the backfill of the default categories, offers to change them, and suggests topics', async () => {
    const openOptions = vi.fn();
    const { bg } = renderPopup(
      {
        'follows.list': () => ({ follows: [], index: { ...INDEX, filling: true, progress: 0.2 } }),
        'status.get': () => status({ papers: 800, running: true, progress: 0.2, lastCompleteAt: undefined }),
        'topics.trending': () => ({ topics: [], index: { ...INDEX, filling: true, progress: 0.2 } }),
        'topic.follow': ({ id, follow }) => topic(id, 'Agentic RL', { followed: follow }),
      },
      { openOptions },
    );
    const welcome = await screen.findByRole('region', { name: 'Welcome to PaperPulse' });
    expect(welcome.textContent).toContain('fetching recent papers in cs.AI, cs.LG, cs.CL');
    fireEvent.click(within(welcome).getByRole('button', { name: 'Change the categories' }));
    expect(openOptions).toHaveBeenCalledTimes(1);
    const suggestions = within(welcome).getAllByRole('listitem');
    expect(suggestions.length).toBeGreaterThanOrEqual(3);
    fireEvent.click(within(welcome).getByRole('button', { name: /Follow\s+Agentic RL/ }));
    await waitFor(() => expect(bg.callsOf('topic.follow')).toEqual([{ id: 'agentic-rl', follow: true }]));
    // Following reloads the list of follows.
    await waitFor(() => expect(bg.callsOf('follows.list').length).toBe(2));
    expect(screen.getByText(/You follow no topics yet/)).toBeTruthy();
    expect(screen.getByText(/Trending topics appear once the index holds eight weeks/)).toBeTruthy();
  });

  it('suggests the largest and the rising topics of the index once it can rank them', async () => {
    const { bg } = renderPopup({
      'follows.list': () => ({ follows: [], index: INDEX }),
      'topics.suggested': () => ({
        topics: [
          topic('large-language-models', 'Large Language Models', { momentum: momentum(900, 850) }),
          topic('llm-agents', 'LLM Agents', { momentum: momentum(400, 300) }),
          topic('on-policy-distillation', 'On-Policy Distillation', { momentum: momentum(30, 10) }),
        ],
        index: INDEX,
      }),
    });
    const welcome = await screen.findByRole('region', { name: 'Welcome to PaperPulse' });
    await waitFor(() =>
      expect(
        within(welcome)
          .getAllByRole('listitem')
          .map((li) => li.dataset.suggestedTopicId),
      ).toEqual(['large-language-models', 'llm-agents', 'on-policy-distillation']),
    );
    expect(welcome.textContent).toContain('900 papers in four weeks');
    expect(bg.callsOf('topics.suggested')).toHaveLength(1);
  });

  it('is not shown to someone who follows topics', async () => {
    renderPopup();
    await screen.findByRole('heading', { name: /Followed topics/ });
    expect(screen.queryByRole('region', { name: 'Welcome to PaperPulse' })).toBeNull();
  });
});

describe('popup: on open', () => {
  it('asks the background exactly four things', async () => {
    const { bg } = renderPopup();
    await screen.findByText(/papers indexed in/);
    await screen.findByRole('heading', { name: 'Trending' });
    await screen.findByRole('heading', { name: 'Emerging' });
    expect(bg.calls.map((call) => call.name).sort()).toEqual([
      'discover.emerging',
      'follows.list',
      'status.get',
      'topics.trending',
    ]);
  });

  it('shows only rising topics as trending', async () => {
    renderPopup();
    const list = await screen.findByRole('list', { name: 'Rising topics' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.dataset.topicId),
    ).toEqual(['on-policy-distillation']);
  });

  it('shows each trending topic with its counts, and flags a burst', async () => {
    renderPopup({
      'topics.trending': () => ({
        topics: [
          topic('on-policy-distillation', 'On-Policy Distillation', { momentum: momentum(30, 10) }),
          {
            ...topic('prompt-compression', 'Prompt Compression', { momentum: momentum(15, 3) }),
            burst: { kind: 'week' as const, count: 9 },
          },
        ],
        index: INDEX,
      }),
    });
    const list = await screen.findByRole('list', { name: 'Rising topics' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first!.querySelector('[data-counts]')!.textContent).toBe('30 vs 10 papers');
    expect(first!.querySelector('[data-burst]')).toBeNull();
    expect(second!.querySelector('[data-counts]')!.textContent).toBe('15 vs 3 papers');
    expect(second!.querySelector('[data-burst="week"]')!.textContent).toBe('9 of 15 in one week');
    // The badges show changes: the section says what they compare.
    const section = list.closest('section')!;
    expect(section.querySelector('[data-compared]')!.textContent).toBe(
      'Changes: papers, last four weeks vs the four before.',
    );
  });
});
