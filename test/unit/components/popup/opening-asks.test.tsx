// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { askEarly, sendFirstFrom } from '@/components/early-asks';
import { OPENING_ASKS } from '@/components/popup/opening-asks';
import { Popup } from '@/components/popup/popup';
import { SendContext } from '@/components/use-message';
import type { MessageName } from '@/lib/messages/protocol';
import { INDEX, status, topic } from '../../helpers/pages/builders';
import { type FakeHandlers, fakeBackground } from '../../helpers/pages/fake-send';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

const FOLLOWS = [{ ...topic('agentic-rl', 'Agentic RL', { followed: true }), newCount: 5 }];

const HANDLERS: FakeHandlers = {
  'follows.list': () => ({ follows: FOLLOWS, index: INDEX }),
  'status.get': () => status(),
  'topics.trending': () => ({ topics: [], index: INDEX }),
  'discover.emerging': () => ({ phrases: [], firstWeek: null, rows: [], index: INDEX }),
};

/** The entrypoint's early asks, answered by `answer` (the unchecked send: whatever the background says). */
function early(answer: (name: MessageName, request: unknown) => unknown) {
  const asked: { name: MessageName; request: unknown }[] = [];
  const answers = askEarly(async (name, request) => {
    asked.push({ name, request });
    return answer(name, request);
  }, OPENING_ASKS);
  return { answers, asked };
}

function renderPopup(bg: ReturnType<typeof fakeBackground>, answers: ReturnType<typeof askEarly>) {
  return render(
    <SendContext.Provider value={bg.send}>
      <Popup tabUrl={async () => 'chrome://newtab/'} openOptions={() => {}} early={answers} />
    </SendContext.Provider>,
  );
}

describe("popup: the opening asks, started before the popup's code loads", () => {
  it('asks the four opening requests once, and the popup answers from them instead of asking again', async () => {
    const bg = fakeBackground(HANDLERS);
    const ahead = fakeBackground(HANDLERS);
    const { answers, asked } = early((name, request) => ahead.send(name, request as never));
    expect(asked).toEqual(Object.entries(OPENING_ASKS).map(([name, request]) => ({ name, request })));
    const view = renderPopup(bg, answers);
    await waitFor(() => expect(view.container.querySelectorAll('[data-followed-topic-id]')).toHaveLength(1));
    await screen.findByText(/No new phrase is rising/);
    for (const name of Object.keys(OPENING_ASKS) as MessageName[]) expect(bg.callsOf(name)).toEqual([]);
  });

  it('checks an early answer as any answer: a malformed one is an error, and trying again asks the background', async () => {
    const bg = fakeBackground(HANDLERS);
    const { answers } = early((name) => (name === 'follows.list' ? { follows: 'all' } : undefined));
    const view = renderPopup(bg, answers);
    const alert = await screen.findByText(
      /Could not load your followed topics: Malformed answer to follows.list/,
    );
    fireEvent.click(alert.closest('[role="alert"]')!.querySelector('button')!);
    await waitFor(() => expect(bg.callsOf('follows.list')).toHaveLength(1));
    await waitFor(() => expect(view.container.querySelectorAll('[data-followed-topic-id]')).toHaveLength(1));
  });

  it('each early answer serves one call; later calls, other requests and gestures go to the background', async () => {
    const bg = fakeBackground(HANDLERS);
    const { answers } = early((name) => ({ from: 'early', name }));
    const send = sendFirstFrom(answers, bg.send, (_name, data) => data);
    expect(await send('status.get', {})).toEqual({ from: 'early', name: 'status.get' });
    expect(bg.callsOf('status.get')).toEqual([]);
    await send('status.get', {});
    expect(bg.callsOf('status.get')).toHaveLength(1);
    // Same name, another request: not the opening ask.
    await send('topics.trending', { limit: 3 }).catch(() => {});
    expect(bg.callsOf('topics.trending')).toEqual([{ limit: 3 }]);
    await send('follows.list', {}, { event: 'click' }).catch(() => {});
    expect(bg.callsOf('follows.list')).toHaveLength(1);
  });

  it('an early ask that failed shows its error like any failed ask', async () => {
    const bg = fakeBackground(HANDLERS);
    const { answers } = early((name) => {
      if (name === 'status.get') throw new Error('No answer from the background to status.get');
      return undefined;
    });
    renderPopup(bg, answers);
    await screen.findByText(/Could not load the index status: No answer from the background/);
  });
});
