// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { CurrentPaper } from '@/components/popup/current-paper';
import { ResearchLinks } from '@/components/popup/research-links';
import { SendContext } from '@/components/use-message';
import { INDEX } from '../../helpers/pages/builders';
import { fakeBackground } from '../../helpers/pages/fake-send';

afterEach(cleanup);

describe('popup: the researcher pages', () => {
  it('searches the index in a new tab, and links to saved papers and the topic tree', () => {
    const opened: string[] = [];
    render(<ResearchLinks openPage={(path) => opened.push(path)} />);
    const box = screen.getByRole('searchbox', { name: 'Search papers in the index' });
    fireEvent.submit(box.closest('form')!);
    expect(opened).toEqual([]);
    fireEvent.input(box, { target: { value: ' agentic RL & tools ' } });
    fireEvent.submit(box.closest('form')!);
    fireEvent.click(screen.getByRole('link', { name: 'Saved papers' }));
    fireEvent.click(screen.getByRole('link', { name: 'All topics' }));
    expect(opened).toEqual(['/search.html?q=agentic%20RL%20%26%20tools', '/saved.html', '/topics.html']);
  });

  it('saves the paper of the current tab (a PDF) by its id', async () => {
    const bg = fakeBackground({
      'papers.annotate': () => ({
        results: [{ tags: [], inIndex: true, tracked: true, categories: ['cs.LG'], title: 'A PDF paper' }],
        topics: {},
        index: INDEX,
      }),
      'saved.status': () => ({ saved: [] }),
      'paper.save': ({ save }) => ({ saved: save }),
    });
    render(
      <SendContext.Provider value={bg.send}>
        <CurrentPaper tabUrl={async () => 'https://arxiv.org/pdf/2609.01234v2'} />
      </SendContext.Provider>,
    );
    const button = await screen.findByRole('button', { name: 'Save: A PDF paper' });
    expect(bg.callsOf('saved.status')).toEqual([{ ids: ['2609.01234'] }]);
    fireEvent.click(button);
    await waitFor(() => expect(button.getAttribute('aria-pressed')).toBe('true'));
    expect(button.getAttribute('data-action')).toBe('save');
    expect(bg.callsOf('paper.save')).toEqual([{ id: '2609.01234', save: true }]);
  });
});
