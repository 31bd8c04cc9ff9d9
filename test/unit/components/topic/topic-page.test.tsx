// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { askEarly } from '@/components/early-asks';
import { topicOpeningAsks } from '@/components/topic/topic-asks';
import { TopicPage } from '@/components/topic/topic-page';
import { SendContext } from '@/components/use-message';
import { RERANK_FROM } from '@/lib/ask/rerank';
import type { ResponseOf } from '@/lib/messages/protocol';
import type { PaperRow, TopicInfo } from '@/lib/messages/schemas';
import { INDEX, momentum, paper, topic } from '../../helpers/pages/builders';
import { type FakeHandlers, fakeBackground } from '../../helpers/pages/fake-send';

afterEach(cleanup);

const INFO: TopicInfo = {
  id: 'agentic-rl',
  name: 'Agentic RL',
  kind: 'fine',
  aliases: ['Agentic Reinforcement Learning'],
  expansion: 'RL: Reinforcement Learning',
  parents: [{ id: 'reinforcement-learning', name: 'Reinforcement Learning' }],
  description: 'Reinforcement learning for LLM agents acting over many steps with tools.',
  rule: 'The title mentions, or the abstract dwells on, "agentic reinforcement learning", "agentic RL"; or the paper combines ("agent" or "LLM agent") and ("reinforcement learning" or "RL"). Only when it also mentions "multi-turn" or "tool". Not when it mentions "survey. overview".',
};

/** 45 papers, newest first, one a day back from Oct 4. */
const ALL: PaperRow[] = Array.from({ length: 45 }, (_, i) =>
  paper(`2610.${String(1000 + i)}`, `Paper number ${i + 1}`, { published: Date.UTC(2026, 9, 4 - i, 12) }),
);

function topicGet(overrides: Partial<ResponseOf<'topic.get'>> = {}): FakeHandlers['topic.get'] {
  return ({ id, offset, limit }) => {
    if (id !== 'agentic-rl') throw new Error(`Unknown topic "${id}"`);
    return {
      info: INFO,
      summary: topic('agentic-rl', 'Agentic RL', {
        momentum: momentum(28, 7),
        weekly: [1, 2, 1, 3, 2, 4, 5, 3, 6, 7, 9, 4],
      }),
      papers: ALL.slice(offset, offset + limit),
      total: ALL.length,
      spans: { inChart: 40, newer: 3, older: 2 },
      related: [
        { id: 'llm-agents', name: 'LLM Agents', count: 19 },
        { id: 'credit-assignment-in-rl', name: 'Credit Assignment in RL', count: 1 },
      ],
      index: INDEX,
      ...overrides,
    };
  };
}

/** The page's first ask, answered as the background does: topic.get's info, summary and index. */
function withHead(handlers: FakeHandlers): FakeHandlers {
  const get = handlers['topic.get'];
  if (!get || handlers['topic.head']) return handlers;
  return {
    'topic.head': async ({ id }) => {
      const { info, summary, index } = await get({ id, offset: 0, limit: 1 });
      return { info, summary, index };
    },
    ...handlers,
  };
}

function renderTopic(handlers: FakeHandlers, id = 'agentic-rl') {
  const bg = fakeBackground(withHead(handlers));
  const view = render(
    <SendContext.Provider value={bg.send}>
      <TopicPage topicId={id} />
    </SendContext.Provider>,
  );
  return { bg, view };
}

const titles = (container: Element) =>
  [...container.querySelectorAll('.pp-paper-list .pp-paper-title')].map((h) => h.textContent);

describe('topic page', () => {
  it('shows the name, acronym expansion, momentum sentence and what counts as the topic', async () => {
    renderTopic({ 'topic.get': topicGet() });
    expect((await screen.findByRole('heading', { level: 1, name: 'Agentic RL' })).textContent).toBe(
      'Agentic RL',
    );
    expect(document.querySelector('[data-expansion]')!.textContent).toBe('Agentic Reinforcement Learning');
    expect(document.querySelector('[data-momentum-sentence]')?.textContent).toBe(
      '28 papers in the last four weeks, up 300% on the four weeks before. 0.3% of all new papers in cs.AI, cs.LG, cs.CL.',
    );
    const definition = screen.getByRole('region', { name: 'What counts as Agentic RL' });
    expect(definition.textContent).toContain('LLM agents acting over many steps');
    expect([...definition.querySelectorAll('[data-rule] li')].map((li) => li.textContent)).toEqual([
      'The title mentions, or the abstract dwells on, "agentic reinforcement learning", "agentic RL"',
      'Or the paper combines ("agent" or "LLM agent") and ("reinforcement learning" or "RL")',
      'Only when it also mentions "multi-turn" or "tool"',
      'Not when it mentions "survey. overview"',
    ]);
    expect(definition.textContent).toContain('Also called: Agentic Reinforcement Learning.');
    expect(screen.getByRole('link', { name: 'Reinforcement Learning' }).getAttribute('href')).toBe(
      '/topic.html?id=reinforcement-learning',
    );
    await waitFor(() => expect(document.title).toBe('Agentic RL · PaperPulse'));
  });

  it('says which days each figure covers: the two windows, the marked chart weeks, and the list', async () => {
    const { view } = renderTopic({ 'topic.get': topicGet() });
    await screen.findByRole('heading', { level: 1 });
    // INDEX.cutoff is the end of Oct 4: the last four weeks are Sep 7 - Oct 4, the four before Aug 10 - Sep 6.
    expect(view.container.querySelector('[data-windows]')!.textContent).toBe(
      'Last four weeks: Sep 7 – Oct 4 (28 papers); the four weeks before: Aug 10 – Sep 6 (7 papers).',
    );
    const marked = [...view.container.querySelectorAll('[data-recent-window]')].map((li) =>
      li.getAttribute('data-week-start'),
    );
    // Sep 7, 2026 is a Monday and Oct 4 a Sunday: here the window is exactly the chart's last four weeks.
    expect(marked).toEqual(['2026-09-07', '2026-09-14', '2026-09-21', '2026-09-28']);
    expect(view.container.querySelector('[data-chart-window]')!.textContent).toContain(
      'Sep 7 – Oct 4 (28 papers)',
    );
    expect(view.container.querySelector('[data-paper-spans]')!.textContent).toBe(
      "40 in the chart's weeks (through Oct 4, 2026), 3 newer, whose days are still coming in, 2 older, looked up for pages you visited.",
    );
  });

  it('says once that the papers after the data cut-off are not counted yet, and marks them', async () => {
    const newer = [5, 6].map((d) =>
      paper(`2610.0999${d}`, `A paper of Oct ${d}`, { published: Date.UTC(2026, 9, d, 9) }),
    );
    const { view } = renderTopic({ 'topic.get': topicGet({ papers: [...newer, ...ALL.slice(0, 18)] }) });
    await screen.findByRole('heading', { level: 1 });
    const items = view.container.querySelectorAll('.pp-paper-list > li');
    expect([...items].map((li) => li.hasAttribute('data-after-cutoff')).slice(0, 3)).toEqual([
      true,
      true,
      false,
    ]);
    expect(view.container.textContent).not.toContain('not counted yet after');
    const notes = view.container.querySelectorAll('[data-after-cutoff-note]');
    expect(notes).toHaveLength(1);
    expect(notes[0]!.textContent).toBe(
      'The first 2 below are newer than Oct 4, 2026: not counted in the momentum yet.',
    );
    expect([...items].every((li) => !li.textContent!.includes('not counted'))).toBe(true);
  });

  it('shows a paper\'s first six topics and the rest on "+N more"', async () => {
    const topics = Array.from({ length: 15 }, (_, i) => ({ id: `t${i}`, name: `Topic ${i}` }));
    const many = paper('2610.01000', 'A paper with fifteen topics', { topics });
    const { view } = renderTopic({ 'topic.get': topicGet({ papers: [many] }) });
    await screen.findByRole('heading', { level: 1 });
    const tags = () => view.container.querySelectorAll('.pp-paper-list [data-topic-tag]').length;
    expect(tags()).toBe(6);
    fireEvent.click(screen.getByRole('button', { name: '+9 more' }));
    expect(tags()).toBe(15);
  });

  it('labels the 12 weekly bars by week and marks the last one partial', async () => {
    // Data through Thursday Oct 1: the week of Sep 28 is still coming in.
    const thursday = { ...INDEX, cutoff: Date.UTC(2026, 9, 1, 23, 59, 59, 999) };
    renderTopic({ 'topic.get': topicGet({ index: thursday }) });
    await screen.findByRole('heading', { level: 1 });
    const bars = [...document.querySelectorAll<HTMLElement>('.pp-bars > li')];
    expect(bars).toHaveLength(12);
    expect(bars[0]!.textContent).toContain('Week of Jul 13: 1 paper');
    expect(bars[11]!.textContent).toContain('Week of Sep 28: 4 papers so far (partial week)');
    expect(bars.filter((bar) => bar.dataset.partial !== undefined)).toEqual([bars[11]]);
    expect(bars.map((bar) => Number(bar.dataset.count))).toEqual([1, 2, 1, 3, 2, 4, 5, 3, 6, 7, 9, 4]);
    expect(screen.getByText(/Agentic RL papers per week, last 12 weeks \(47 papers\)/)).toBeTruthy();
  });

  it('shows a week that ended with the data as complete', async () => {
    renderTopic({ 'topic.get': topicGet() }); // data through Sunday Oct 4
    await screen.findByRole('heading', { level: 1 });
    const bars = [...document.querySelectorAll<HTMLElement>('.pp-bars > li')];
    expect(bars[11]!.textContent).toContain('Week of Sep 28: 4 papers');
    expect(bars.filter((bar) => bar.dataset.partial !== undefined)).toEqual([]);
  });

  it('lists papers newest first with date, category, linked title, authors and topic tags', async () => {
    const { view } = renderTopic({ 'topic.get': topicGet() });
    await screen.findByRole('heading', { level: 1 });
    expect(titles(view.container).slice(0, 2)).toEqual(['Paper number 1', 'Paper number 2']);
    const card = view.container.querySelector<HTMLElement>('[data-paper-id="2610.1000"]')!;
    expect(card.textContent).toContain('Oct 4, 2026 · cs.AI');
    expect(within(card).getByRole('link', { name: 'Paper number 1' }).getAttribute('href')).toBe(
      'https://arxiv.org/abs/2610.1000',
    );
    expect(card.querySelector('.pp-paper-authors')?.textContent).toBe(
      'Wentao Zhang, Jingyuan Wang, Zetong Zhou +2',
    );
    // The page's own topic is marked, the others link to their pages.
    expect(card.querySelector('[data-topic-tag="agentic-rl"]')?.tagName).toBe('SPAN');
    expect(within(card).getByRole('link', { name: 'Urban Planning' }).getAttribute('href')).toBe(
      '/topic.html?id=urban-planning',
    );
    // Short abstracts are shown whole, long ones by their first lines (paper-card.test.tsx).
    expect(card.querySelector('[data-abstract]')?.textContent).toContain('We study paper number 1');
    expect(screen.getByRole('heading', { name: /Latest papers 45/ })).toBeTruthy();
  });

  it('pages through all papers of the topic', async () => {
    const { bg, view } = renderTopic({ 'topic.get': topicGet() });
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getByText(/Papers 1–20 of 45/)).toBeTruthy();
    const newer = screen.getByRole('button', { name: '← Newer' }) as HTMLButtonElement;
    expect(newer.disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Older →' }));
    await screen.findByText(/Papers 21–40 of 45/);
    expect(titles(view.container)[0]).toBe('Paper number 21');
    fireEvent.click(screen.getByRole('button', { name: 'Older →' }));
    await screen.findByText(/Papers 41–45 of 45/);
    expect((screen.getByRole('button', { name: 'Older →' }) as HTMLButtonElement).disabled).toBe(true);
    expect(document.activeElement?.id).toBe('pp-papers-heading');
    fireEvent.click(screen.getByRole('button', { name: '← Newer' }));
    await screen.findByText(/Papers 21–40 of 45/);
    expect(bg.callsOf('topic.get').map((r) => (r as { offset: number }).offset)).toEqual([0, 20, 40, 20]);
  });

  it('follows the topic and keeps the page of papers it is on', async () => {
    const { bg } = renderTopic({
      'topic.get': topicGet(),
      'topic.follow': ({ follow }) => topic('agentic-rl', 'Agentic RL', { followed: follow }),
    });
    await screen.findByRole('heading', { level: 1 });
    fireEvent.click(screen.getByRole('button', { name: 'Older →' }));
    await screen.findByText(/Papers 21–40/);
    const follow = screen.getByRole('button', { name: /Follow this topic/ });
    fireEvent.click(follow);
    await waitFor(() => expect(follow.getAttribute('aria-pressed')).toBe('true'));
    expect(bg.callsOf('topic.follow')).toEqual([{ id: 'agentic-rl', follow: true }]);
    expect(screen.getByText(/Papers 21–40/)).toBeTruthy();
  });

  it('lists related topics by co-occurrence with links', async () => {
    renderTopic({ 'topic.get': topicGet() });
    const related = await screen.findByRole('region', { name: 'Related topics' });
    expect(
      within(related)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['LLM Agents', 'Credit Assignment in RL']);
    expect(related.textContent).toContain('19 papers in common');
    expect(related.textContent).toContain('1 paper in common');
  });

  it('asks about the topic: the header button focuses the question box; an answer cites its papers', async () => {
    const { bg } = renderTopic({
      'topic.get': topicGet(),
      'topic.ask': () => ({
        papers: [
          { ...ALL[7]!, abstract: 'Turn-level credit assignment helps agents.', score: 4.2 },
          { ...ALL[3]!, score: 1.1 },
        ],
        searched: 45,
      }),
    });
    await screen.findByRole('heading', { level: 1 });
    fireEvent.click(screen.getByRole('button', { name: 'Ask about this topic' }));
    const input = screen.getByRole('searchbox', { name: 'Your question about Agentic RL' });
    expect(document.activeElement).toBe(input);
    const region = screen.getByRole('region', { name: 'Ask about this topic' });
    fireEvent.input(input, { target: { value: '  credit assignment ' } });
    fireEvent.click(within(region).getByRole('button', { name: 'Ask' }));
    await waitFor(() => expect(region.querySelector('[data-ask-answer]')).not.toBeNull());
    const answer = region.querySelector<HTMLElement>('[data-ask-answer]')!;
    expect(answer.dataset.askMode).toBe('extractive');
    expect(answer.querySelector('[data-arxiv-id]')!.getAttribute('data-arxiv-id')).toBe(ALL[7]!.id);
    expect(bg.callsOf('topic.ask')).toEqual([
      { id: 'agentic-rl', question: 'credit assignment', limit: RERANK_FROM },
    ]);
  });

  it('opens at Ask with the question box focused for ask=, and asks a given question', async () => {
    const bg = fakeBackground({
      ...withHead({ 'topic.get': topicGet() }),
      'topic.askExact': ({ kind }) => ({
        kind,
        question: 'Who is most active?',
        counted: 0,
        of: 0,
        asOf: null,
        sections: [{ title: 'Authors', items: [] }],
        papers: [],
      }),
    });
    const view = render(
      <SendContext.Provider value={bg.send}>
        <TopicPage topicId="agentic-rl" ask="" />
      </SendContext.Provider>,
    );
    const input = await screen.findByRole('searchbox', { name: 'Your question about Agentic RL' });
    await waitFor(() => expect(document.activeElement).toBe(input));
    expect(bg.callsOf('topic.askExact')).toEqual([]);
    view.unmount();
    render(
      <SendContext.Provider value={bg.send}>
        <TopicPage topicId="agentic-rl" ask="Who is most active?" />
      </SendContext.Provider>,
    );
    await waitFor(() =>
      expect(bg.callsOf('topic.askExact')).toEqual([{ id: 'agentic-rl', kind: 'authors' }]),
    );
  });

  it('says plainly when the index is filling and the topic has no papers yet', async () => {
    renderTopic({
      'topic.get': topicGet({
        summary: topic('agentic-rl', 'Agentic RL', { momentum: null, weekly: [] }),
        papers: [],
        total: 0,
        related: [],
        index: { ...INDEX, filling: true, progress: 0.35, cutoff: null },
      }),
    });
    await screen.findByRole('heading', { level: 1 });
    expect(
      screen.getByText(/Momentum is not known yet: the index is still being built \(35%\)/),
    ).toBeTruthy();
    expect(screen.getByText(/No weekly counts yet/)).toBeTruthy();
    expect(screen.getByText(/No papers of this topic in your index yet/)).toBeTruthy();
    expect(screen.getByText(/No related topics yet/)).toBeTruthy();
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it("moves to the topic's own id when the background resolved an alias, and asks with that id after", async () => {
    history.replaceState(null, '', '/topic.html?id=agentic-reinforcement-learning');
    const get = topicGet()!;
    const { bg } = renderTopic(
      {
        'topic.get': (req) =>
          get({ ...req, id: req.id === 'agentic-reinforcement-learning' ? 'agentic-rl' : req.id }),
      },
      'agentic-reinforcement-learning',
    );
    await screen.findByRole('heading', { level: 1, name: /Agentic RL/ });
    await waitFor(() => expect(new URL(location.href).searchParams.get('id')).toBe('agentic-rl'));
    fireEvent.click(screen.getByRole('button', { name: 'Older →' }));
    await waitFor(() => expect((bg.callsOf('topic.get').at(-1) as { id: string }).id).toBe('agentic-rl'));
  });

  it('shows an unknown topic as an error, and a page without an id as such', async () => {
    renderTopic({ 'topic.get': topicGet() }, 'no-such-topic');
    expect((await screen.findByRole('alert')).textContent).toContain('Unknown topic "no-such-topic"');
    cleanup();
    const { bg } = renderTopic({ 'topic.get': topicGet() }, '');
    expect(screen.getByRole('heading', { name: 'No topic given' })).toBeTruthy();
    expect(bg.calls).toEqual([]);
  });

  it('selects papers across pages and links to "Learn a topic from these" on the options page', async () => {
    renderTopic({ 'topic.get': topicGet() });
    await screen.findByRole('heading', { level: 1 });
    expect(document.querySelector('[data-learn-from-selected]')).toBeNull();
    const box = (id: string) => document.querySelector<HTMLInputElement>(`[data-select-paper="${id}"]`)!;
    // The box says what it is for, and before any is ticked a line says what ticking them does.
    expect(box(ALL[0]!.id).closest('label')!.textContent!.trim()).toBe(
      `Use as an example (${ALL[0]!.title})`,
    );
    expect(document.querySelector('[data-select-hint]')!.textContent).toContain('learn a topic of your own');
    fireEvent.click(box(ALL[0]!.id));
    expect(document.querySelector('[data-select-hint]')).toBeNull();
    fireEvent.click(box(ALL[2]!.id));
    fireEvent.click(screen.getByRole('button', { name: 'Older →' }));
    await waitFor(() => expect(box(ALL[20]!.id)).toBeTruthy());
    fireEvent.click(box(ALL[20]!.id));
    const link = await screen.findByRole('link', { name: 'Learn a topic from these 3 papers' });
    expect(link.getAttribute('href')).toBe(
      `/options.html?learn=${ALL[0]!.id},${ALL[2]!.id},${ALL[20]!.id}#learn-topic`,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Clear selection' }));
    expect(document.querySelector('[data-learn-from-selected]')).toBeNull();
    expect(box(ALL[20]!.id).checked).toBe(false);
  });
});

describe('topic page: momentum first, papers when read', () => {
  it('draws the momentum line and chart from the head while the papers are still being read', async () => {
    let release: () => void = () => {};
    const reading = new Promise<void>((resolve) => {
      release = resolve;
    });
    const get = topicGet();
    const { bg } = renderTopic({
      ...withHead({ 'topic.get': get }),
      'topic.get': async (request) => {
        await reading;
        return get!(request);
      },
    });
    await screen.findByRole('heading', { level: 1, name: 'Agentic RL' });
    expect(document.querySelector('[data-momentum-sentence]')?.textContent).toMatch(/^28 papers/);
    expect(document.querySelectorAll('.pp-bars > li').length).toBeGreaterThan(0);
    expect(document.querySelector('[data-papers-loading]')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Related topics' })).toBeNull();
    // Sections with their own asks wait for the papers, so as not to slow them.
    expect(bg.callsOf('topic.rising')).toEqual([]);
    expect(bg.callsOf('topics.tree')).toEqual([]);
    release();
    await waitFor(() => expect(titles(document.body)).toHaveLength(20));
    expect(document.querySelector('[data-papers-loading]')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Related topics' })).toBeTruthy();
    await waitFor(() => expect(bg.callsOf('topic.rising')).toHaveLength(1));
    expect(bg.callsOf('topics.tree')).toHaveLength(1);
  });

  it("a failed read of the papers keeps the head and offers a retry in the papers' section", async () => {
    let fail = true;
    const get = topicGet();
    const { bg } = renderTopic({
      ...withHead({ 'topic.get': get }),
      'topic.get': (request) => {
        if (fail) throw new Error('The index could not be read');
        return get!(request);
      },
    });
    const alert = (await screen.findByText(/The index could not be read/)).closest('[role="alert"]')!;
    expect(document.querySelector('[data-momentum-sentence]')?.textContent).toMatch(/^28 papers/);
    fail = false;
    fireEvent.click(alert.querySelector('button')!);
    await waitFor(() => expect(titles(document.body)).toHaveLength(20));
    expect(bg.callsOf('topic.get')).toHaveLength(2);
    expect(bg.callsOf('topic.head')).toHaveLength(1);
  });
});

describe('topic page: the topic asked by the entrypoint before the first render', () => {
  it('answers from the early ask instead of asking again', async () => {
    const bg = fakeBackground(withHead({ 'topic.get': topicGet() }));
    const ahead = fakeBackground(withHead({ 'topic.get': topicGet() }));
    const early = askEarly(
      (name, request) => ahead.send(name, request as never),
      topicOpeningAsks('agentic-rl'),
    );
    render(
      <SendContext.Provider value={bg.send}>
        <TopicPage topicId="agentic-rl" early={early} />
      </SendContext.Provider>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Loading topic…' })).toBeTruthy();
    expect(ahead.callsOf('topic.head')).toEqual([{ id: 'agentic-rl' }]);
    expect(ahead.callsOf('topic.get')).toEqual([{ id: 'agentic-rl', offset: 0, limit: 20 }]);
    await screen.findByRole('heading', { level: 1, name: 'Agentic RL' });
    expect(document.querySelector('[data-momentum-sentence]')?.textContent).toMatch(/^28 papers/);
    await waitFor(() => expect(titles(document.body)).toHaveLength(20));
    expect(bg.calls).toEqual([]);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it('an early answer that is not a topic is an error with a retry that asks the background', async () => {
    const bg = fakeBackground(withHead({ 'topic.get': topicGet() }));
    const early = askEarly(async () => ({ info: 'no' }), topicOpeningAsks('agentic-rl'));
    render(
      <SendContext.Provider value={bg.send}>
        <TopicPage topicId="agentic-rl" early={early} />
      </SendContext.Provider>,
    );
    const alert = await screen.findByText(/Malformed answer to topic.head/);
    fireEvent.click(alert.closest('[role="alert"]')!.querySelector('button')!);
    await screen.findByRole('heading', { level: 1, name: 'Agentic RL' });
    expect(bg.callsOf('topic.head')).toHaveLength(1);
    // The papers' early answer was malformed too: their section says so and its retry asks the background.
    const papers = (await screen.findByText(/Malformed answer to topic.get/)).closest('[role="alert"]')!;
    fireEvent.click(papers.querySelector('button')!);
    await waitFor(() => expect(titles(document.body)).toHaveLength(20));
    expect(bg.callsOf('topic.get')).toHaveLength(1);
  });
});
