// @vitest-environment happy-dom
import { cleanup, fireEvent, render, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { SavedPage } from '@/components/saved/saved-page';
import { PaperList } from '@/components/topic/paper-list';
import { SendContext } from '@/components/use-message';
import type { SavedPaper } from '@/lib/messages/schemas';
import { paper } from '../../helpers/pages/builders';
import { fakeBackground } from '../../helpers/pages/fake-send';

afterEach(cleanup);

function saved(id: string, title: string, overrides: Partial<SavedPaper> = {}): SavedPaper {
  return {
    id,
    title,
    authors: ['Ada Lovelace', 'Alan Turing'],
    authorCount: 2,
    primary: 'cs.LG',
    categories: ['cs.LG'],
    published: Date.UTC(2026, 8, 1),
    updated: Date.UTC(2026, 8, 2),
    topics: [{ id: 'agentic-rl', name: 'Agentic RL' }],
    savedAt: Date.UTC(2026, 9, 1),
    read: false,
    ...overrides,
  };
}

function setup(papers: SavedPaper[]) {
  let list = papers;
  const downloads: { name: string; type: string; text: string }[] = [];
  const bg = fakeBackground({
    'saved.list': () => ({ papers: list }),
    'saved.mark': ({ id, read }) => {
      list = list.map((p) => (p.id === id ? { ...p, read } : p));
      return list.find((p) => p.id === id)!;
    },
    'paper.save': ({ id, save }) => {
      if (!save) list = list.filter((p) => p.id !== id);
      return { saved: save };
    },
  });
  const view = render(
    <SendContext.Provider value={bg.send}>
      <SavedPage download={(name, type, text) => downloads.push({ name, type, text })} />
    </SendContext.Provider>,
  );
  const ids = () =>
    [...view.container.querySelectorAll('[data-saved-arxiv-id]')].map((el) =>
      el.getAttribute('data-saved-arxiv-id'),
    );
  return { bg, view, ids, downloads };
}

describe('Saved page', () => {
  const papers = [
    saved('2609.00001', 'Agentic RL for tools'),
    saved('2609.00002', 'Diffusion for video', {
      topics: [{ id: 'video-diffusion', name: 'Video Diffusion' }],
      read: true,
      savedAt: Date.UTC(2026, 9, 2),
    }),
    saved('2609.00003', '', { published: 0, updated: 0, authors: [], authorCount: 0, topics: [] }),
  ];

  it('lists saved papers, newest saved first, and filters by read state and topic', async () => {
    const { view, ids } = setup(papers);
    await waitFor(() => expect(ids()).toEqual(['2609.00002', '2609.00001', '2609.00003']));
    expect(view.container.querySelector('[data-saved-summary]')!.textContent).toBe('3 saved, 2 unread.');
    // A paper saved before the index had it: its id stands for the title, and the date is "not known yet".
    const bare = view.container.querySelector('[data-saved-arxiv-id="2609.00003"]')!;
    expect(bare.querySelector('h2')!.textContent).toBe('arXiv:2609.00003');
    expect(bare.textContent).toContain('date not known yet');

    fireEvent.change(view.container.querySelector('[data-filter-state]')!, { target: { value: 'unread' } });
    await waitFor(() => expect(ids()).toEqual(['2609.00001', '2609.00003']));
    fireEvent.change(view.container.querySelector('[data-filter-topic]')!, {
      target: { value: 'agentic-rl' },
    });
    await waitFor(() => expect(ids()).toEqual(['2609.00001']));
    expect(view.container.querySelector('[data-saved-shown]')!.textContent).toBe('Showing 1 of 3.');
    const topicOptions = [...view.container.querySelectorAll('[data-filter-topic] option')].map(
      (o) => o.textContent,
    );
    expect(topicOptions).toEqual(['Any topic', 'Agentic RL (1)', 'Video Diffusion (1)']);
  });

  it('marks a paper read and removes one, with labelled toggles', async () => {
    const { view, ids, bg } = setup(papers);
    await waitFor(() => expect(ids()).toHaveLength(3));
    const item = () => view.container.querySelector('[data-saved-arxiv-id="2609.00001"]')!;
    const read = () => item().querySelector<HTMLButtonElement>('[data-action="mark-read"]')!;
    expect(read().getAttribute('aria-label')).toBe('Read: Agentic RL for tools');
    expect(read().getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(read());
    await waitFor(() => expect(item().getAttribute('data-read')).toBe('true'));
    expect(read().getAttribute('aria-pressed')).toBe('true');
    expect(bg.callsOf('saved.mark')).toEqual([{ id: '2609.00001', read: true }]);

    const remove = item().querySelector<HTMLButtonElement>('[data-action="save"]')!;
    expect(remove.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(remove);
    await waitFor(() => expect(ids()).toEqual(['2609.00002', '2609.00003']));
    expect(view.container.textContent).toContain('Removed “Agentic RL for tools” from your saved papers.');
  });

  it('exports the papers shown as BibTeX, CSV and JSON', async () => {
    const { view, ids, downloads } = setup(papers);
    await waitFor(() => expect(ids()).toHaveLength(3));
    fireEvent.change(view.container.querySelector('[data-filter-state]')!, { target: { value: 'read' } });
    await waitFor(() => expect(ids()).toEqual(['2609.00002']));
    for (const ext of ['bib', 'csv', 'json'])
      fireEvent.click(view.container.querySelector(`[data-export="${ext}"]`)!);
    expect(downloads.map((d) => [d.name, d.type])).toEqual([
      ['paperpulse-saved.bib', 'application/x-bibtex'],
      ['paperpulse-saved.csv', 'text/csv'],
      ['paperpulse-saved.json', 'application/json'],
    ]);
    expect(downloads[0]!.text).toMatch(/^@misc\{lovelace2026diffusionvideo,\n/);
    expect(downloads[1]!.text.trim().split('\r\n')).toHaveLength(2);
    expect(JSON.parse(downloads[2]!.text).map((p: { id: string }) => p.id)).toEqual(['2609.00002']);
  });

  it('shows and exports papers whose dates are out of range (kept from an old backup), never failing (issue 33, item 7)', async () => {
    const odd = saved('2609.00009', 'From an odd backup', {
      savedAt: 1e300,
      published: 1e20,
      updated: -1e20,
    });
    const { view, ids, downloads } = setup([odd, papers[0]!]);
    await waitFor(() => expect(ids()).toHaveLength(2));
    const item = view.container.querySelector('[data-saved-arxiv-id="2609.00009"]')!;
    expect(item.querySelector('.pp-paper-meta')!.textContent).toBe(
      'unknown date · cs.LG · saved unknown date',
    );
    for (const ext of ['bib', 'csv', 'json'])
      fireEvent.click(view.container.querySelector(`[data-export="${ext}"]`)!);
    expect(downloads).toHaveLength(3);
    expect(downloads[0]!.text).toContain('year={unknown}');
    const row = downloads[1]!.text.split('\r\n').find((line) => line.startsWith('2609.00009'))!;
    expect(row.split(',').slice(3, 4)).toEqual(['']);
    const json = JSON.parse(downloads[2]!.text).find((p: { id: string }) => p.id === '2609.00009');
    expect([json.published, json.updated, json.savedAt]).toEqual([null, null, null]);
  });

  it('says how to save when nothing is saved, and why when the list cannot load', async () => {
    const { view } = setup([]);
    await waitFor(() => expect(view.container.textContent).toContain('Nothing saved yet.'));
    cleanup();
    const bg = fakeBackground({});
    const failed = render(
      <SendContext.Provider value={bg.send}>
        <SavedPage />
      </SendContext.Provider>,
    );
    await waitFor(() => expect(failed.container.querySelector('[role="alert"]')).not.toBeNull());
  });
});

describe('Save on a topic page’s paper list', () => {
  it('shows which listed papers are saved and saves another', async () => {
    const rows = [paper('2610.01000', 'First'), paper('2610.01001', 'Second')];
    const bg = fakeBackground({
      'saved.status': ({ ids }) => ({ saved: ids.filter((id) => id === '2610.01001') }),
      'paper.save': ({ save }) => ({ saved: save }),
    });
    const view = render(
      <SendContext.Provider value={bg.send}>
        <PaperList
          topicId="agentic-rl"
          first={{ papers: rows, total: 2, spans: { inChart: 2, newer: 0, older: 0 } }}
          cutoff={null}
        />
      </SendContext.Provider>,
    );
    const button = (id: string) => view.container.querySelector<HTMLButtonElement>(`[data-save-id="${id}"]`)!;
    await waitFor(() => expect(button('2610.01001').getAttribute('aria-pressed')).toBe('true'));
    expect(button('2610.01000').getAttribute('aria-pressed')).toBe('false');
    expect(button('2610.01000').getAttribute('aria-label')).toBe('Save: First');
    fireEvent.click(button('2610.01000'));
    await waitFor(() => expect(button('2610.01000').getAttribute('aria-pressed')).toBe('true'));
    expect(bg.callsOf('paper.save')).toEqual([{ id: '2610.01000', save: true }]);
  });
});
