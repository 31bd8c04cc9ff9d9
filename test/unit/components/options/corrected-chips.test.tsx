// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { CorrectedChips } from '@/components/options/corrected-chips';
import { SendContext } from '@/components/use-message';
import { fakeBackground } from '../../helpers/pages/fake-send';

afterEach(cleanup);

describe('the topics you took off papers (options)', () => {
  it('lists each correction with Undo, which puts the topic back on the paper', async () => {
    const bg = fakeBackground({
      'corrections.list': () => ({
        corrections: [
          {
            id: '2609.30000',
            title: 'Agentic RL for tool use',
            topics: [
              { id: 'agentic-rl', name: 'Agentic RL' },
              { id: 'grpo', name: 'GRPO' },
            ],
            at: 2,
          },
        ],
      }),
      'paper.correct': ({ topic }) => ({ notThis: topic === 'agentic-rl' ? ['grpo'] : [] }),
    });
    render(
      <SendContext.Provider value={bg.send}>
        <CorrectedChips />
      </SendContext.Provider>,
    );
    const item = await screen.findByText('Agentic RL for tool use');
    expect(item.closest('li')!.textContent).toContain('not Agentic RL');
    fireEvent.click(document.querySelector('[data-undo-correction="agentic-rl"]')!);
    await waitFor(() => expect(document.querySelector('[data-undo-correction="agentic-rl"]')).toBeNull());
    expect(bg.callsOf('paper.correct')).toEqual([{ id: '2609.30000', topic: 'agentic-rl', notThis: false }]);
    fireEvent.click(document.querySelector('[data-undo-correction="grpo"]')!);
    await screen.findByText(/No corrections/);
  });
});
