// @vitest-environment happy-dom
import { cleanup, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { TopicCard } from '@/components/inpage/topic-card';
import { fakeEnv, renderInEnv } from '../../helpers/inpage/fake-env';
import { READY_INDEX, topic } from '../../helpers/inpage/make-topic';

afterEach(cleanup);

const paper = {
  arxivId: '2606.00001',
  title: 'Agentic RL for web agents',
  authors: ['Ada Lovelace'],
  categories: ['cs.AI'],
};

/** A click as the user makes it: happy-dom has no isTrusted, so the test sets what a browser would. */
function click(el: Element, trusted: boolean) {
  const event = new MouseEvent('click', { bubbles: true, cancelable: true });
  Object.defineProperty(event, 'isTrusted', { value: trusted });
  el.dispatchEvent(event);
}

function card(saved: string[]) {
  let list = [...saved];
  const made = fakeEnv([topic('agentic-rl')], READY_INDEX, {
    'saved.status': (req: { ids: string[] }) => ({ saved: req.ids.filter((id) => list.includes(id)) }),
    'paper.save': (req: { id: string; save: boolean }) => {
      list = req.save ? [...list, req.id] : list.filter((id) => id !== req.id);
      return { saved: req.save };
    },
  });
  const view = renderInEnv(
    <TopicCard
      id="card"
      topic={topic('agentic-rl')}
      tag={{ id: 'agentic-rl', score: 1, evidence: [] }}
      index={READY_INDEX}
      anchor={null}
      paper={paper}
    />,
    made.env,
  );
  const button = () => view.container.querySelector<HTMLButtonElement>('[data-action="save"]')!;
  return { ...made, view, button };
}

describe('Save paper in a chip’s card', () => {
  it('shows whether the paper is saved, and saves it with the page’s metadata on a trusted click', async () => {
    const { button, calls } = card([]);
    await waitFor(() => expect(button().getAttribute('aria-disabled')).toBe('false'));
    expect(button().getAttribute('aria-pressed')).toBe('false');
    expect(button().textContent).toBe('☆ Save paper');
    click(button(), true);
    await waitFor(() => expect(button().getAttribute('aria-pressed')).toBe('true'));
    expect(button().textContent).toBe('★ Saved');
    expect(calls.find((c) => c.name === 'paper.save')!.request).toEqual({
      id: paper.arxivId,
      save: true,
      paper,
    });
    click(button(), true);
    await waitFor(() => expect(button().getAttribute('aria-pressed')).toBe('false'));
  });

  it('ignores a click the page’s own script makes (untrusted)', async () => {
    const { button, calls } = card(['2606.00001']);
    await waitFor(() => expect(button().getAttribute('aria-pressed')).toBe('true'));
    click(button(), false);
    button().click();
    await new Promise((r) => setTimeout(r, 20));
    expect(calls.map((c) => c.name)).not.toContain('paper.save');
    expect(button().getAttribute('aria-pressed')).toBe('true');
  });

  it('has no Save button when the paper has no arXiv id', () => {
    const { env } = fakeEnv([topic('agentic-rl')], READY_INDEX);
    const { container } = renderInEnv(
      <TopicCard
        id="card"
        topic={topic('agentic-rl')}
        tag={{ id: 'agentic-rl', score: 1, evidence: [] }}
        index={READY_INDEX}
        anchor={null}
        paper={{ title: 'No id', authors: [], categories: [] }}
      />,
      env,
    );
    expect(container.querySelector('[data-action="save"]')).toBeNull();
  });
});
