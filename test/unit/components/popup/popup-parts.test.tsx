// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import type { ComponentChildren } from 'preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CurrentPaper } from '@/components/popup/current-paper';
import { IndexStatusPanel } from '@/components/popup/index-status';
import { TopicSearch } from '@/components/popup/topic-search';
import { SendContext } from '@/components/use-message';
import type { IndexStatus } from '@/lib/messages/schemas';
import { CUTOFF, INDEX, status, topic } from '../../helpers/pages/builders';
import { type FakeHandlers, fakeBackground } from '../../helpers/pages/fake-send';

afterEach(cleanup);

function withBackground(handlers: FakeHandlers, ui: ComponentChildren) {
  const bg = fakeBackground(handlers);
  render(<SendContext.Provider value={bg.send}>{ui}</SendContext.Provider>);
  return bg;
}

describe('topic search', () => {
  it('finds topics as you type, including your own, and follows one', async () => {
    const onFollowChange = vi.fn();
    const bg = withBackground(
      {
        'topics.find': ({ query }) => ({
          topics: query.startsWith('rl')
            ? [
                topic('agentic-rl', 'Agentic RL'),
                topic('user-my-rl', 'My RL papers', { kind: 'user' }),
                topic('cs.LG', 'Machine Learning', { kind: 'category' }),
              ]
            : [],
        }),
        'topic.follow': ({ id, follow }) => topic(id, 'Agentic RL', { followed: follow }),
      },
      <TopicSearch index={INDEX} onFollowChange={onFollowChange} debounceMs={0} />,
    );
    const box = screen.getByRole('searchbox', { name: /Topic name/ });
    fireEvent.input(box, { target: { value: 'rl' } });
    const list = await screen.findByRole('list', { name: 'Topics matching rl' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => li.dataset.topicId)).toEqual(['agentic-rl', 'user-my-rl', 'cs.LG']);
    expect(items[1]!.textContent).toContain('your topic');
    expect(items[2]!.textContent).toContain('arXiv category');
    expect(within(items[0]!).getByRole('link', { name: 'Agentic RL' }).getAttribute('href')).toBe(
      '/topic.html?id=agentic-rl',
    );

    const follow = within(items[0]!).getByRole('button', { name: /Follow\s+Agentic RL/ });
    expect(follow.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(follow);
    await waitFor(() => expect(follow.getAttribute('aria-pressed')).toBe('true'));
    expect(follow.textContent).toContain('Following');
    expect(bg.callsOf('topic.follow')).toEqual([{ id: 'agentic-rl', follow: true }]);
    expect(onFollowChange).toHaveBeenCalledWith(
      expect.objectContaining({ id: 'agentic-rl', followed: true }),
    );
  });

  it('says when nothing matches and points to custom topics; an empty box asks nothing', async () => {
    const bg = withBackground(
      { 'topics.find': () => ({ topics: [] }) },
      <TopicSearch index={INDEX} onFollowChange={() => {}} debounceMs={0} />,
    );
    const box = screen.getByRole('searchbox');
    fireEvent.input(box, { target: { value: '   ' } });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(bg.callsOf('topics.find')).toEqual([]);
    fireEvent.input(box, { target: { value: 'zzzz' } });
    expect(await screen.findByText(/No topic matches “zzzz”/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Define your own topic' }).getAttribute('href')).toBe(
      '/options.html#custom-topics',
    );
  });

  it('shows a failed search as an error, and a failed follow next to its button', async () => {
    let failFind = true;
    withBackground(
      {
        'topics.find': () => {
          if (failFind) throw new Error('index busy');
          return { topics: [topic('agentic-rl', 'Agentic RL')] };
        },
        'topic.follow': () => {
          throw new Error('storage full');
        },
      },
      <TopicSearch index={INDEX} onFollowChange={() => {}} debounceMs={0} />,
    );
    fireEvent.input(screen.getByRole('searchbox'), { target: { value: 'agentic' } });
    expect((await screen.findByRole('alert')).textContent).toContain('Search failed: index busy');
    failFind = false;
    fireEvent.input(screen.getByRole('searchbox'), { target: { value: 'agentic rl' } });
    fireEvent.click(await screen.findByRole('button', { name: /Follow\s+Agentic RL/ }));
    expect((await screen.findByRole('alert')).textContent).toContain('Could not follow: storage full');
  });
});

describe('index status', () => {
  const NOW = CUTOFF + 5 * 3_600_000;

  function renderStatus(value: IndexStatus, handlers: FakeHandlers = {}) {
    const onStatus = vi.fn();
    const bg = withBackground(handlers, <IndexStatusPanel status={value} onStatus={onStatus} now={NOW} />);
    return { bg, onStatus };
  }

  it('says how many papers, which categories and how fresh the data is', () => {
    renderStatus(status());
    const region = screen.getByRole('region', { name: 'Index' });
    expect(region.querySelector('[data-index-status]')?.textContent).toBe(
      '12,345 papers indexed in cs.AI, cs.LG, cs.CL',
    );
    expect(region.textContent).toContain('Data through Oct 4, 2026.');
    expect(region.textContent).toContain('Last update 8 h ago.');
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('shows a progress bar while a backfill runs', () => {
    renderStatus(status({ running: true, progress: 0.42, cutoff: null, lastCompleteAt: undefined }));
    const bar = screen.getByRole('progressbar', { name: /Fetching papers from arXiv: 42%/ });
    expect(bar.getAttribute('value')).toBe('42');
    expect(screen.getByText(/No data yet\. Not updated yet\./)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Updating…' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows the last error and when it will retry', () => {
    renderStatus(
      status({
        lastError: { message: 'arXiv answered 503', kind: 'http', at: NOW - 60_000 },
        nextRetryAt: NOW + 15 * 60_000,
      }),
    );
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('arXiv answered 503');
    expect(alert.querySelector('[data-next-retry]')?.textContent).toContain('(in 15 min)');
  });

  it('says when the next request goes while arXiv asked to wait, without an error of its own', () => {
    renderStatus(status({ nextRetryAt: NOW + 5 * 60 * 60_000 }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(document.querySelector('[data-next-retry]')?.textContent).toMatch(
      /^arXiv asked PaperPulse to wait: the next request goes .+ \(in 5 h\)\.$/,
    );
  });

  it('refreshes now and reports the new status; a refusal is shown', async () => {
    const running = status({ running: true, progress: 0 });
    const { bg, onStatus } = renderStatus(status(), { 'index.refresh': () => running });
    fireEvent.click(screen.getByRole('button', { name: 'Refresh now' }));
    await waitFor(() => expect(onStatus).toHaveBeenCalledWith(running));
    expect(bg.callsOf('index.refresh')).toEqual([{}]);

    cleanup();
    renderStatus(status(), {
      'index.refresh': () => {
        throw new Error('Rejected: index.refresh is only for the extension’s own pages');
      },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Refresh now' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Could not start a refresh');
  });
});

describe('the paper in the current tab', () => {
  const annotateOk: FakeHandlers = {
    'papers.annotate': ({ papers }) => ({
      results: papers.map(() => ({
        tags: [
          {
            id: 'agentic-rl',
            score: 3,
            evidence: [{ phrase: 'agentic reinforcement learning', where: 'title' }],
          },
          { id: 'cs.AI', score: 1, evidence: [] },
        ],
        inIndex: true,
        tracked: true,
        categories: ['cs.AI'],
        title: 'CityPlanner: A Sandbox Agent',
      })),
      topics: {
        'agentic-rl': topic('agentic-rl', 'Agentic RL'),
        'cs.AI': topic('cs.AI', 'Artificial Intelligence', { kind: 'category' }),
      },
      index: INDEX,
    }),
  };

  it('tags the paper of an arXiv PDF from its URL alone', async () => {
    const bg = withBackground(
      annotateOk,
      <CurrentPaper tabUrl={async () => 'https://arxiv.org/pdf/2609.01234v2'} />,
    );
    const region = await screen.findByRole('region', { name: 'This tab’s paper' });
    const list = await within(region).findByRole('list', { name: 'Topics of this paper' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.dataset.topicId),
    ).toEqual(['agentic-rl', 'cs.AI']);
    expect(
      within(region).getByRole('link', { name: 'CityPlanner: A Sandbox Agent' }).getAttribute('href'),
    ).toBe('https://arxiv.org/abs/2609.01234');
    expect(bg.callsOf('papers.annotate')).toEqual([
      { papers: [{ arxivId: '2609.01234', version: 2, title: '', authors: [], categories: [] }] },
    ]);
  });

  it('shows nothing and asks nothing on a tab that is not a paper', async () => {
    const tabUrl = vi.fn(async () => 'https://example.com/blog');
    const bg = withBackground(annotateOk, <CurrentPaper tabUrl={tabUrl} />);
    await waitFor(() => expect(tabUrl).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(screen.queryByRole('region')).toBeNull();
    expect(bg.calls).toEqual([]);
  });

  it('says why when a paper has no topics, and shows a failure as an error', async () => {
    withBackground(
      {
        'papers.annotate': () => ({
          results: [{ tags: [], inIndex: false, tracked: false, categories: [] }],
          topics: {},
          index: INDEX,
        }),
      },
      <CurrentPaper tabUrl={async () => 'https://arxiv.org/abs/hep-th/9901001'} />,
    );
    expect(await screen.findByText(/not in the index yet/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'arXiv:hep-th/9901001' })).toBeTruthy();
    cleanup();
    withBackground({}, <CurrentPaper tabUrl={async () => 'https://arxiv.org/abs/2609.01234'} />);
    expect((await screen.findByRole('alert')).textContent).toContain('Could not tag this paper');
  });
});
