// @vitest-environment happy-dom
import { cleanup, fireEvent, render, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { LongerView } from '@/components/topic/longer-view';
import { SendContext } from '@/components/use-message';
import { weeks } from '../../helpers/pages/builders';
import { fakeBackground } from '../../helpers/pages/fake-send';

afterEach(cleanup);

describe('topic page: longer view', () => {
  it('asks nothing until opened, then shows 26 weeks, and 52 on request with a note on the history kept', async () => {
    const bg = fakeBackground({
      'topic.weekly': ({ weeks: n }) => ({
        weeks: weeks(Array.from({ length: n }, (_, i) => i % 5)),
        historyWeeks: 26,
      }),
    });
    const view = render(
      <SendContext.Provider value={bg.send}>
        <LongerView topicId="agentic-rl" topicName="Agentic RL" />
      </SendContext.Provider>,
    );
    expect(bg.calls).toEqual([]);
    expect(view.container.querySelector('.pp-bars')).toBeNull();
    const details = view.container.querySelector('details')!;
    details.open = true;
    fireEvent(details, new Event('toggle'));
    await waitFor(() => expect(view.container.querySelectorAll('.pp-bars > li')).toHaveLength(26));
    expect(view.container.querySelector('[data-longer-note]')).toBeNull();
    fireEvent.change(view.container.querySelector('[data-longer-weeks]')!, { target: { value: '52' } });
    await waitFor(() => expect(view.container.querySelectorAll('.pp-bars > li')).toHaveLength(52));
    expect(view.container.querySelector('[data-longer-note]')!.textContent).toContain('keeps 26 weeks');
    expect(bg.callsOf('topic.weekly')).toEqual([
      { id: 'agentic-rl', weeks: 26 },
      { id: 'agentic-rl', weeks: 52 },
    ]);
  });
});
