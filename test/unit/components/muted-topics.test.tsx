// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { MutedTopics } from '@/components/muted-topics';
import { TopicMute } from '@/components/topic/topic-mute';
import { SendContext } from '@/components/use-message';
import type { TopicSummary } from '@/lib/messages/schemas';
import { topic } from '../helpers/pages/builders';
import { fakeBackground } from '../helpers/pages/fake-send';

afterEach(cleanup);

describe('muted topics you can see', () => {
  it('lists muted topics and unmutes one', async () => {
    let muted = ['agentic-rl', 'cs.CL'];
    const bg = fakeBackground({
      'mutes.list': () => ({
        topics: muted.map((id) =>
          topic(id, id === 'cs.CL' ? 'Computation and Language' : 'Agentic RL', { muted: true }),
        ),
      }),
      'topic.mute': ({ id, mute }) => {
        muted = mute ? [...muted, id] : muted.filter((m) => m !== id);
        return topic(id, 'Agentic RL', { muted: mute });
      },
    });
    const view = render(
      <SendContext.Provider value={bg.send}>
        <MutedTopics />
      </SendContext.Provider>,
    );
    const ids = () =>
      [...view.container.querySelectorAll('[data-muted-topic-id]')].map((e) =>
        e.getAttribute('data-muted-topic-id'),
      );
    await waitFor(() => expect(ids()).toEqual(['agentic-rl', 'cs.CL']));
    const unmute = screen.getByRole('button', { name: 'Unmute Agentic RL' });
    expect(unmute.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(unmute);
    await waitFor(() => expect(ids()).toEqual(['cs.CL']));
    expect(bg.callsOf('topic.mute')).toEqual([{ id: 'agentic-rl', mute: false }]);
  });

  it('says when nothing is muted', async () => {
    const bg = fakeBackground({ 'mutes.list': () => ({ topics: [] }) });
    const view = render(
      <SendContext.Provider value={bg.send}>
        <MutedTopics />
      </SendContext.Provider>,
    );
    await waitFor(() => expect(view.container.querySelector('[data-no-mutes]')).not.toBeNull());
  });

  it('topic page: shows the mute state and toggles it', async () => {
    const changes: TopicSummary[] = [];
    const bg = fakeBackground({ 'topic.mute': ({ id, mute }) => topic(id, 'Agentic RL', { muted: mute }) });
    render(
      <SendContext.Provider value={bg.send}>
        <TopicMute summary={topic('agentic-rl', 'Agentic RL')} onSummary={(s) => changes.push(s)} />
      </SendContext.Provider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Mute Agentic RL' }));
    await waitFor(() => expect(changes.map((c) => c.muted)).toEqual([true]));
    expect(screen.getByRole('link', { name: 'All muted topics' }).getAttribute('href')).toBe(
      '/options.html#muted-topics',
    );
  });
});
