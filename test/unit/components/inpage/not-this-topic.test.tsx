// @vitest-environment happy-dom
import { act, cleanup, fireEvent, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { PaperChips } from '@/components/inpage/paper-chips';
import type { Annotation } from '@/lib/messages/schemas';
import { fakeEnv, renderInEnv } from '../../helpers/inpage/fake-env';
import { READY_INDEX, topic } from '../../helpers/inpage/make-topic';
import { user } from '../../helpers/inpage/user-input';

afterEach(cleanup);

const PAPER = {
  arxivId: '2606.00001',
  title: 'Agentic RL for web agents',
  authors: [],
  categories: ['cs.LG'],
};
const TOPICS = [
  topic('agentic-rl', { name: 'Agentic RL' }),
  topic('llm-agents', { name: 'LLM Agents' }),
  topic('cs.LG', { kind: 'category', name: 'Machine Learning' }),
];
const ANNOTATION: Annotation = {
  tags: [
    { id: 'agentic-rl', score: 3, evidence: [{ phrase: 'agentic RL', where: 'title' }] },
    { id: 'llm-agents', score: 2.5, evidence: [] },
    { id: 'cs.LG', score: 1, evidence: [] },
  ],
  inIndex: true,
  tracked: true,
  categories: ['cs.LG'],
};

function row() {
  const { env, calls } = fakeEnv(TOPICS, READY_INDEX, {
    'paper.correct': (req: { notThis: boolean; topic: string }) => ({
      notThis: req.notThis ? [req.topic] : [],
    }),
    'saved.status': () => ({ saved: [] }),
  });
  const view = renderInEnv(
    <PaperChips view={{ status: 'ready', annotation: ANNOTATION }} paper={PAPER} />,
    env,
  );
  const chips = () =>
    [...view.container.querySelectorAll('[data-topic-id]')].map((c) => c.getAttribute('data-topic-id'));
  const openCard = (id: string) => {
    act(() => view.container.querySelector<HTMLElement>(`[data-topic-id="${id}"]`)!.focus());
    return view.container.querySelector<HTMLElement>('[role="dialog"] [data-action="not-this"]')!;
  };
  return { view, calls, chips, openCard };
}

describe('"Not this topic" in the chip card', () => {
  it('takes the chip off this paper on the user’s click, says so with an Undo that puts it back', async () => {
    const { view, calls, chips, openCard } = row();
    expect(chips()).toEqual(['agentic-rl', 'llm-agents', 'cs.LG']);
    user.click(openCard('agentic-rl'));
    await waitFor(() => expect(chips()).toEqual(['llm-agents', 'cs.LG']));
    expect(calls.filter((c) => c.name === 'paper.correct').map((c) => c.request)).toEqual([
      { id: '2606.00001', topic: 'agentic-rl', notThis: true },
    ]);
    const undo = view.container.querySelector<HTMLElement>('[data-undo-correction="agentic-rl"]')!;
    expect(undo.closest('[data-corrected]')!.textContent).toContain('Not “Agentic RL”');
    // The chip and its card are gone: focus is on the Undo, not lost.
    expect(undo.getRootNode()).toBe(document);
    await waitFor(() => expect(document.activeElement).toBe(undo));
    user.click(undo);
    await waitFor(() => expect(chips()).toEqual(['agentic-rl', 'llm-agents', 'cs.LG']));
    expect(calls.filter((c) => c.name === 'paper.correct').at(-1)!.request).toEqual({
      id: '2606.00001',
      topic: 'agentic-rl',
      notThis: false,
    });
    expect(view.container.querySelector('[data-corrected]')).toBeNull();
  });

  it('does nothing on a page script’s click, and offers no correction for an arXiv category', async () => {
    const { calls, chips, openCard } = row();
    fireEvent.click(openCard('agentic-rl'));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(chips()).toEqual(['agentic-rl', 'llm-agents', 'cs.LG']);
    expect(calls.map((c) => c.name)).not.toContain('paper.correct');
    expect(openCard('cs.LG')).toBeNull();
  });
});
