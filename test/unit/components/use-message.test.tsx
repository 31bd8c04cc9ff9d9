// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { useState } from 'preact/hooks';
import { afterEach, describe, expect, it } from 'vitest';
import { Popup } from '@/components/popup/popup';
import { SendContext, useMessage } from '@/components/use-message';
import { INDEX, status, topic } from '../helpers/pages/builders';
import { fakeBackground } from '../helpers/pages/fake-send';

afterEach(cleanup);

function Finder() {
  const [query, setQuery] = useState('slow');
  const [answer] = useMessage('topics.find', { query, limit: 5 });
  return (
    <div>
      <button type="button" onClick={() => setQuery('fast')}>
        change
      </button>
      <output>
        {answer.state === 'ready' ? answer.data.topics.map((t) => t.name).join(',') : answer.state}
      </output>
    </div>
  );
}

describe('useMessage', () => {
  it('never lets a slow answer to an old request overwrite the answer to a newer one', async () => {
    let releaseSlow: () => void = () => {};
    const bg = fakeBackground({
      'topics.find': ({ query }) =>
        query === 'slow'
          ? new Promise((resolve) => {
              releaseSlow = () => resolve({ topics: [topic('old', 'Old answer')] });
            })
          : { topics: [topic('new', 'New answer')] },
    });
    render(
      <SendContext.Provider value={bg.send}>
        <Finder />
      </SendContext.Provider>,
    );
    expect(screen.getByRole('status').textContent).toBe('loading');
    fireEvent.click(screen.getByRole('button', { name: 'change' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('New answer'));
    releaseSlow();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.getByRole('status').textContent).toBe('New answer');
  });
});

describe('popup while a backfill runs', () => {
  it('asks for the status again until the backfill ends, then reloads the follows and trends', async () => {
    let statusCalls = 0;
    const bg = fakeBackground({
      'follows.list': () => ({
        follows: [{ ...topic('agentic-rl', 'Agentic RL', { followed: true }), newCount: 0 }],
        index: INDEX,
      }),
      'status.get': () => {
        statusCalls++;
        return statusCalls < 3 ? status({ running: true, progress: statusCalls / 3 }) : status();
      },
      'topics.trending': () => ({ topics: [], index: INDEX }),
    });
    render(
      <SendContext.Provider value={bg.send}>
        <Popup tabUrl={async () => undefined} openOptions={() => {}} pollMs={5} />
      </SendContext.Provider>,
    );
    expect(await screen.findByRole('progressbar')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
    await waitFor(() => expect(bg.callsOf('follows.list')).toHaveLength(2));
    expect(bg.callsOf('topics.trending')).toHaveLength(2);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(statusCalls).toBe(3); // no polling once nothing runs
  });
});
