// @vitest-environment happy-dom
import { cleanup, fireEvent, render } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FilterBar } from '@/components/inpage/filter-bar';
import { countEntries, flagsOf, isShown } from '@/lib/content/listing-filter';
import { FILLING_INDEX, READY_INDEX, topic } from '../../helpers/inpage/make-topic';
import { user } from '../../helpers/inpage/user-input';

afterEach(cleanup);

describe('FilterBar', () => {
  it('shows each filter with its count and marks the active one', () => {
    const onChange = vi.fn();
    const { container } = render(
      <FilterBar
        counts={{ all: 2000, followed: 12, unmuted: 1990 }}
        mode="all"
        onChange={onChange}
        index={READY_INDEX}
        pending={false}
      />,
    );
    const buttons = [...container.querySelectorAll('button[data-filter]')];
    expect(buttons.map((b) => b.textContent)).toEqual([
      'All (2,000)',
      'Followed topics (12)',
      'Hide muted (1,990)',
    ]);
    expect(buttons.map((b) => b.getAttribute('aria-pressed'))).toEqual(['true', 'false', 'false']);
    // A page script's click changes nothing; the user's does.
    fireEvent.click(buttons[1]!);
    (buttons[2] as HTMLElement).click();
    expect(onChange).not.toHaveBeenCalled();
    user.click(buttons[1]!);
    expect(onChange).toHaveBeenCalledWith('followed');
  });

  it('says when the index is filling, when topics are loading, and when they failed', () => {
    const props = { counts: { all: 1, followed: 0, unmuted: 1 }, mode: 'all' as const, onChange: () => {} };
    const filling = render(<FilterBar {...props} index={FILLING_INDEX} pending={false} />);
    expect(filling.container.textContent).toContain('index filling: 40% (momentum not known yet)');
    cleanup();
    const pending = render(<FilterBar {...props} index={null} pending />);
    expect(pending.container.textContent).toContain('finding topics…');
    cleanup();
    const failed = render(<FilterBar {...props} index={null} pending={false} error="No answer" />);
    expect(failed.container.textContent).toContain('Topics unavailable: No answer');
  });
});

describe('filtering entries', () => {
  const topics = new Map([
    ['a', topic('a', { followed: true })],
    ['m', topic('m', { muted: true })],
    ['x', topic('x')],
  ]);
  const entries = [['a'], ['a', 'm'], ['m'], ['x'], null].map((ids) => ({
    entry: document.createElement('dd'),
    topicIds: ids,
  }));
  const flags = entries.map((e) => flagsOf(e, (id) => topics.get(id)));

  it('counts followed and unmuted entries (unknown ones count as neither followed nor muted)', () => {
    expect(countEntries(flags)).toEqual({ all: 5, followed: 2, unmuted: 3 });
  });

  it('shows what each filter promises', () => {
    expect(flags.map((f) => isShown('all', f))).toEqual([true, true, true, true, true]);
    expect(flags.map((f) => isShown('followed', f))).toEqual([true, true, false, false, false]);
    expect(flags.map((f) => isShown('unmuted', f))).toEqual([true, false, false, true, true]);
  });
});
