// @vitest-environment happy-dom
import { cleanup, fireEvent, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { useStoreTopics } from '@/components/inpage/inpage-env';
import { TopicCard } from '@/components/inpage/topic-card';
import type { PaperTag } from '@/lib/messages/schemas';
import { fakeEnv, renderInEnv } from '../../helpers/inpage/fake-env';
import { FILLING_INDEX, momentum, READY_INDEX, topic } from '../../helpers/inpage/make-topic';
import { user } from '../../helpers/inpage/user-input';

afterEach(cleanup);

const TAG: PaperTag = {
  id: 'agentic-rl',
  score: 3.2,
  evidence: [
    { phrase: 'agentic reinforcement learning', where: 'abstract' },
    { phrase: 'Agentic RL', where: 'title' },
    { phrase: 'cs.AI', where: 'category' },
  ],
};

/** The card as the chip renders it: reading the live topic from the store. */
function LiveCard({ id }: { id: string }) {
  const store = useStoreTopics([id]);
  return <TopicCard id="card" topic={store.topic(id)!} tag={TAG} index={store.index()!} anchor={null} />;
}

describe('TopicCard', () => {
  it('says the momentum sentence of the reference page, with the tracked categories', () => {
    const summary = topic('agentic-rl', {
      name: 'Agentic RL',
      momentum: { ...momentum(28, 7, 'rising'), share: 0.003 },
    });
    const { env } = fakeEnv([summary], READY_INDEX);
    const { container } = renderInEnv(<LiveCard id="agentic-rl" />, env);
    expect(container.querySelector('[data-momentum-sentence]')!.textContent).toBe(
      '28 papers in the last four weeks, up 300% on the four weeks before. 0.3% of all new papers in cs.AI, cs.LG, cs.CL.',
    );
    expect(container.querySelector('svg.pp-sparkline')).not.toBeNull();
    // The sparkline's axis: first and last (partial) week, the peak on its own line.
    expect([...container.querySelectorAll('[data-spark-axis] span')].map((s) => s.textContent)).toEqual([
      'Apr 6',
      'Jun 22 (partial)',
    ]);
    expect(container.querySelector('[data-spark-peak]')!.textContent).toBe('peak 9/week · 12 weeks');
    expect(container.textContent).toContain('Data through Jun 24, 2026.');
    expect(container.querySelector('[role="dialog"]')!.getAttribute('aria-label')).toBe(
      'Agentic RL: momentum and actions',
    );
  });

  it('explains why the paper has the tag: each phrase and where it matched', () => {
    const { env } = fakeEnv([topic('agentic-rl')], READY_INDEX);
    const { container } = renderInEnv(<LiveCard id="agentic-rl" />, env);
    const items = [...container.querySelectorAll('[data-evidence] li')].map((li) => li.textContent);
    expect(items).toEqual([
      '“agentic reinforcement learning” in the abstract',
      '“Agentic RL” in the title',
      'listed in cs.AI',
    ]);
  });

  it('asks for the paper’s evidence when the tag came without it (a listing), and shows it', async () => {
    const paper = {
      title: 'Agentic RL for web agents',
      authors: [],
      categories: ['cs.AI'],
      arxivId: '2606.00001',
    };
    const { env, calls } = fakeEnv([topic('agentic-rl')], READY_INDEX, {
      'papers.annotate': () => ({
        results: [{ tags: [TAG], inIndex: true, tracked: true, categories: ['cs.AI'] }],
        topics: {},
        index: READY_INDEX,
      }),
    });
    const bare: PaperTag = { id: 'agentic-rl', score: 3.2 };
    const { container } = renderInEnv(
      <TopicCard
        id="card"
        topic={topic('agentic-rl')}
        tag={bare}
        index={READY_INDEX}
        anchor={null}
        paper={paper}
      />,
      env,
    );
    expect(container.querySelector('[data-evidence]')!.textContent).toBe('Finding why…');
    await waitFor(() => expect(container.querySelectorAll('[data-evidence] li')).toHaveLength(3));
    // (The card's Save button asks saved.status for the same paper.)
    expect(calls.filter((c) => c.name === 'papers.annotate')).toEqual([
      { name: 'papers.annotate', request: { papers: [paper], evidence: true } },
    ]);
  });

  it('says why the evidence could not be loaded', async () => {
    const paper = { title: 'Agentic RL', authors: [], categories: [] };
    const { env } = fakeEnv([topic('agentic-rl')], READY_INDEX, {
      'papers.annotate': () => {
        throw new Error('The index is being reset');
      },
    });
    const { container } = renderInEnv(
      <TopicCard
        id="card"
        topic={topic('agentic-rl')}
        tag={{ id: 'agentic-rl', score: 1 }}
        index={READY_INDEX}
        anchor={null}
        paper={paper}
      />,
      env,
    );
    await waitFor(() =>
      expect(container.querySelector('[data-evidence]')!.textContent).toBe(
        'Could not load why: The index is being reset',
      ),
    );
  });

  it('follows and unfollows through send, and shows the new state', async () => {
    let followed = false;
    const { env, calls } = fakeEnv([topic('agentic-rl')], READY_INDEX, {
      'topic.follow': (req: { id: string; follow: boolean }) => {
        followed = req.follow;
        return topic(req.id, { followed });
      },
    });
    const { getByText } = renderInEnv(<LiveCard id="agentic-rl" />, env);
    user.click(getByText('Follow'));
    await waitFor(() => getByText('Unfollow'));
    expect(calls).toEqual([{ name: 'topic.follow', request: { id: 'agentic-rl', follow: true } }]);
    expect(env.store.topic('agentic-rl')!.followed).toBe(true);
    user.click(getByText('Unfollow'));
    await waitFor(() => getByText('Follow'));
    expect(calls[1]).toEqual({ name: 'topic.follow', request: { id: 'agentic-rl', follow: false } });
  });

  it('mutes through send', async () => {
    const { env, calls } = fakeEnv([topic('agentic-rl')], READY_INDEX, {
      'topic.mute': (req: { id: string; mute: boolean }) => topic(req.id, { muted: req.mute }),
    });
    const { getByText } = renderInEnv(<LiveCard id="agentic-rl" />, env);
    user.click(getByText('Mute'));
    await waitFor(() => getByText('Unmute'));
    expect(calls).toEqual([{ name: 'topic.mute', request: { id: 'agentic-rl', mute: true } }]);
  });

  it('shows a short error when the background refuses, and keeps the old state', async () => {
    const { env } = fakeEnv([topic('agentic-rl')], READY_INDEX, {
      'topic.follow': () => {
        throw new Error('Database closed\nstack trace here');
      },
    });
    const { getByText, findByRole } = renderInEnv(<LiveCard id="agentic-rl" />, env);
    user.click(getByText('Follow'));
    expect((await findByRole('alert')).textContent).toBe('Could not save: Database closed');
    expect(getByText('Follow')).toBeTruthy();
  });

  it('links to the topic page of the extension', () => {
    const { env } = fakeEnv([topic('agentic-rl')], READY_INDEX);
    const { getByText } = renderInEnv(<LiveCard id="agentic-rl" />, env);
    expect(getByText('Topic page').getAttribute('href')).toBe(
      'chrome-extension://test/topic.html?id=agentic-rl',
    );
  });

  it('opens the topic page through the background when it can, and says so when that fails', async () => {
    const { env } = fakeEnv([topic('agentic-rl')], READY_INDEX);
    const opened: string[] = [];
    env.openTopic = async (id) => {
      opened.push(id);
      if (opened.length > 1) throw new Error('No tab');
    };
    const { getByText, findByRole } = renderInEnv(<LiveCard id="agentic-rl" />, env);
    const link = getByText('Topic page');
    expect(user.click(link)).toBe(false); // default navigation prevented
    expect(opened).toEqual(['agentic-rl']);
    user.click(link);
    expect((await findByRole('alert')).textContent).toBe('Could not open: No tab');
  });

  it('"Ask" opens the topic page at its Ask through the background, on the user’s click only', () => {
    const { env } = fakeEnv([topic('agentic-rl')], READY_INDEX);
    const opened: [string, boolean | undefined][] = [];
    env.openTopic = async (id, _gesture, ask) => void opened.push([id, ask]);
    const { getByText } = renderInEnv(<LiveCard id="agentic-rl" />, env);
    const link = getByText('Ask');
    expect(link.getAttribute('href')).toBe('chrome-extension://test/topic.html?id=agentic-rl&ask=');
    expect(fireEvent.click(link)).toBe(false); // a page script's click: cancelled, nothing opened
    expect(opened).toEqual([]);
    expect(user.click(link)).toBe(false);
    expect(opened).toEqual([['agentic-rl', true]]);
  });

  it('does nothing on a page script’s clicks or Enter: no follow, no mute, no topic page opened', async () => {
    const { env, calls } = fakeEnv([topic('agentic-rl')], READY_INDEX, {
      'topic.follow': (req: { id: string; follow: boolean }) => topic(req.id, { followed: req.follow }),
      'topic.mute': (req: { id: string; mute: boolean }) => topic(req.id, { muted: req.mute }),
    });
    const opened: string[] = [];
    env.openTopic = async (id) => void opened.push(id);
    const { getByText } = renderInEnv(<LiveCard id="agentic-rl" />, env);
    for (const label of ['Follow', 'Mute', 'Topic page']) {
      const control = getByText(label);
      control.focus();
      control.click();
      fireEvent.keyDown(control, { key: 'Enter' });
      fireEvent.keyUp(control, { key: 'Enter' });
      // A synthetic click on the link is cancelled: no navigation to the topic page either.
      expect(fireEvent.click(control)).toBe(label !== 'Topic page');
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(calls).toEqual([]);
    expect(opened).toEqual([]);
    expect(getByText('Follow')).toBeTruthy();
    expect(env.store.topic('agentic-rl')).toMatchObject({ followed: false, muted: false });
  });

  it('says momentum is not known while the index fills, and when there is no figure', () => {
    const { env } = fakeEnv([topic('agentic-rl')], FILLING_INDEX);
    const { container } = renderInEnv(<LiveCard id="agentic-rl" />, env);
    expect(container.querySelector('[data-momentum-sentence]')!.textContent).toContain(
      'Momentum not known yet: the index is still filling (40%)',
    );
    cleanup();
    const other = fakeEnv([topic('agentic-rl', { momentum: null })], READY_INDEX);
    const again = renderInEnv(<LiveCard id="agentic-rl" />, other.env);
    expect(again.container.querySelector('[data-momentum-sentence]')!.textContent).toMatch(
      /^No momentum figure/,
    );
  });

  it('keeps hostile topic names and phrases as text', () => {
    const evil = '<img src=x onerror="window.__pwned=1">';
    const { env } = fakeEnv([topic('agentic-rl', { name: evil, expansion: '<b>x</b>' })], READY_INDEX);
    const { container } = renderInEnv(
      <TopicCard
        id="c"
        topic={env.store.topic('agentic-rl')!}
        tag={{
          id: 'agentic-rl',
          score: 1,
          evidence: [{ phrase: '<script>alert(1)</script>', where: 'title' }],
        }}
        index={READY_INDEX}
        anchor={null}
      />,
      env,
    );
    expect(container.querySelector('img, script, b')).toBeNull();
    expect(container.querySelector('h2')!.textContent).toBe(evil);
    expect(container.textContent).toContain('“<script>alert(1)</script>” in the title');
  });
});
