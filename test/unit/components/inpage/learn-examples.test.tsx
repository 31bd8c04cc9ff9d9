// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { FilterBar } from '@/components/inpage/filter-bar';
import { UseAsExample } from '@/components/inpage/learn-examples';
import type { InpageEnv } from '@/lib/content/inpage-renderer';
import { createPaperSelection } from '@/lib/content/paper-selection';
import type { Gesture } from '@/lib/messages/envelope';
import { fakeEnv, renderInEnv } from '../../helpers/inpage/fake-env';
import { READY_INDEX } from '../../helpers/inpage/make-topic';
import { user } from '../../helpers/inpage/user-input';

afterEach(cleanup);

function pickingEnv() {
  const { env } = fakeEnv([], READY_INDEX);
  const opened: { ids: readonly string[]; gesture: Gesture }[] = [];
  const picking: InpageEnv = {
    ...env,
    selection: createPaperSelection(),
    openLearn: async (ids, gesture) => void opened.push({ ids: [...ids], gesture }),
  };
  return { env: picking, opened };
}

/** Two rows' cards on one page, as a listing shows them. */
function TwoCards() {
  return (
    <>
      <div data-row="a">
        <UseAsExample arxivId="2601.00001" />
      </div>
      <div data-row="b">
        <UseAsExample arxivId="2601.00002" />
      </div>
    </>
  );
}

describe('Use as an example', () => {
  it('picks papers across the page and opens the options page with them, on the user’s clicks only', async () => {
    const { env, opened } = pickingEnv();
    const { container } = renderInEnv(<TwoCards />, env);
    const pick = (row: string) => container.querySelector(`[data-row="${row}"] [data-action="example"]`)!;
    // A page script's click picks nothing.
    fireEvent.click(pick('a'));
    expect(env.selection!.ids()).toEqual([]);
    user.click(pick('a'));
    user.click(pick('b'));
    expect(env.selection!.ids()).toEqual(['2601.00001', '2601.00002']);
    expect(pick('a').getAttribute('aria-pressed')).toBe('true');
    const learn = container.querySelector('[data-row="b"] [data-action="learn"]')!;
    expect(learn.textContent).toBe('Learn a topic from these 2 papers');
    fireEvent.click(learn);
    expect(opened).toEqual([]);
    await act(async () => {
      user.click(learn);
    });
    expect(opened).toEqual([{ ids: ['2601.00001', '2601.00002'], gesture: { event: 'click' } }]);
    user.click(pick('a'));
    expect(env.selection!.ids()).toEqual(['2601.00002']);
    user.click(container.querySelector('[data-action="clear-examples"]')!);
    expect(env.selection!.ids()).toEqual([]);
    expect(container.querySelector('[data-action="learn"]')).toBeNull();
  });

  it('shows "Learn a topic from these" in the listing’s bar once papers are picked', () => {
    const { env } = pickingEnv();
    const bar = (
      <FilterBar
        counts={{ all: 3, followed: 1, unmuted: 3 }}
        mode="all"
        onChange={() => {}}
        index={READY_INDEX}
        pending={false}
      />
    );
    const { container } = renderInEnv(bar, env);
    expect(container.querySelector('[data-learn-examples]')).toBeNull();
    act(() => env.selection!.toggle('2601.00003', true));
    expect(container.querySelector('[data-learn-examples]')?.getAttribute('data-learn-examples')).toBe('1');
    // Drawn without the page's surroundings, the bar offers nothing to learn from.
    const alone = render(bar);
    expect(alone.container.querySelector('[data-learn-examples]')).toBeNull();
  });

  it('offers nothing where the page keeps no selection', () => {
    const { env } = fakeEnv([], READY_INDEX);
    const { container } = renderInEnv(<UseAsExample arxivId="2601.00001" />, env);
    expect(container.querySelector('[data-action="example"]')).toBeNull();
  });
});
