// @vitest-environment happy-dom
import { cleanup, fireEvent, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PaperChips } from '@/components/inpage/paper-chips';
import type { Annotation } from '@/lib/messages/schemas';
import { fakeEnv, renderInEnv } from '../../helpers/inpage/fake-env';
import { FILLING_INDEX, READY_INDEX, topic } from '../../helpers/inpage/make-topic';
import { user } from '../../helpers/inpage/user-input';

afterEach(cleanup);

const TOPICS = [
  topic('cs.AI', { name: 'Artificial Intelligence (cs.AI)', kind: 'category' }),
  topic('llm-agents', { name: 'LLM Agents' }),
  topic('agentic-rl', { name: 'Agentic RL' }),
  topic('cs.LG', { name: 'Machine Learning (cs.LG)', kind: 'category', momentum: null }),
];

function annotation(overrides: Partial<Annotation> = {}): Annotation {
  return {
    tags: [
      { id: 'cs.AI', score: 9, evidence: [{ phrase: 'cs.AI', where: 'category' }] },
      { id: 'llm-agents', score: 2, evidence: [] },
      { id: 'agentic-rl', score: 3, evidence: [] },
      { id: 'cs.LG', score: 9, evidence: [] },
    ],
    inIndex: true,
    tracked: true,
    categories: ['cs.AI', 'cs.LG'],
    ...overrides,
  };
}

describe('PaperChips', () => {
  it('puts fine topics first (strongest first), then the categories', () => {
    const { env } = fakeEnv(TOPICS, READY_INDEX);
    const { container } = renderInEnv(
      <PaperChips view={{ status: 'ready', annotation: annotation() }} />,
      env,
    );
    const ids = [...container.querySelectorAll('[data-topic-id]')].map((c) =>
      c.getAttribute('data-topic-id'),
    );
    expect(ids).toEqual(['agentic-rl', 'llm-agents', 'cs.AI', 'cs.LG']);
    expect(
      container.querySelector('[data-topic-id="cs.LG"] [data-momentum]')!.getAttribute('data-momentum'),
    ).toBe('unknown');
  });

  it('while the index fills, shows the tags with momentum unknown on every badge', () => {
    const { env } = fakeEnv(TOPICS, FILLING_INDEX);
    const { container } = renderInEnv(
      <PaperChips view={{ status: 'ready', annotation: annotation() }} compact />,
      env,
    );
    const trends = [...container.querySelectorAll('[data-momentum]')].map((b) =>
      b.getAttribute('data-momentum'),
    );
    expect(trends).toEqual(['unknown', 'unknown', 'unknown', 'unknown']);
    expect(container.textContent).toContain('filling');
    // No unknown badge shows a percentage (the filling progress is in its label).
    expect(container.textContent).not.toMatch(/%/);
  });

  it('highlights the row when the paper is in a followed topic, and updates when a topic is followed', async () => {
    const { env } = fakeEnv(TOPICS, READY_INDEX);
    const { container } = renderInEnv(
      <PaperChips view={{ status: 'ready', annotation: annotation() }} />,
      env,
    );
    expect(container.querySelector('.pp-row--followed')).toBeNull();
    env.store.put(topic('llm-agents', { name: 'LLM Agents', followed: true }));
    await waitFor(() => expect(container.querySelector('.pp-row--followed')).not.toBeNull());
    expect(container.querySelector('[data-topic-id="llm-agents"]')!.hasAttribute('data-followed')).toBe(true);
  });

  it('shows a loading line, and an error as a short message with a retry', () => {
    const { env } = fakeEnv(TOPICS, READY_INDEX);
    const loading = renderInEnv(<PaperChips view={{ status: 'loading' }} />, env);
    expect(loading.container.querySelector('[data-state="loading"]')!.getAttribute('aria-busy')).toBe('true');
    cleanup();
    const onRetry = vi.fn();
    const error = renderInEnv(
      <PaperChips view={{ status: 'error', message: 'No answer' }} onRetry={onRetry} />,
      env,
    );
    expect(error.container.textContent).toContain('Topics unavailable: No answer');
    fireEvent.click(error.getByText('Retry'));
    expect(onRetry).not.toHaveBeenCalled(); // a page script's click
    user.click(error.getByText('Retry'));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('says when a paper is outside the tracked categories and tracks its category on request', async () => {
    const refresh = vi.fn();
    const { env, calls } = fakeEnv(TOPICS, READY_INDEX, {
      'category.track': () => ({ categories: ['cs.AI', 'cs.LG', 'cs.CL', 'cs.CV'] }),
    });
    env.refresh = refresh;
    const view = annotation({ tracked: false, categories: ['cs.CV', 'cs.GR'], tags: [] });
    const { container, getByText, findByText } = renderInEnv(
      <PaperChips view={{ status: 'ready', annotation: view }} />,
      env,
    );
    expect(container.textContent).toContain('cs.CV is not tracked: momentum unknown.');
    expect(container.textContent).toContain('no topics found');
    // A page script's click or Enter does nothing; the user's click tracks.
    getByText('Track cs.CV').click();
    fireEvent.keyDown(getByText('Track cs.CV'), { key: 'Enter' });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(calls).toEqual([]);
    user.click(getByText('Track cs.CV'));
    await findByText('Tracking cs.CV: momentum once the index has its papers.');
    expect(calls).toEqual([{ name: 'category.track', request: { category: 'cs.CV' } }]);
    expect(refresh).toHaveBeenCalledOnce();
  });

  it('leaves out tags the background did not describe instead of showing raw ids', () => {
    const { env } = fakeEnv(TOPICS, READY_INDEX);
    const view = annotation({
      tags: [{ id: 'ghost-topic', score: 5, evidence: [] }, ...annotation().tags.slice(0, 1)],
    });
    const { container } = renderInEnv(<PaperChips view={{ status: 'ready', annotation: view }} />, env);
    expect(container.querySelector('[data-topic-id="ghost-topic"]')).toBeNull();
    expect(container.querySelectorAll('[data-topic-id]')).toHaveLength(1);
  });
});
