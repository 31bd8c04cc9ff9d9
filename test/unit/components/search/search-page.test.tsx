// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { SearchPage } from '@/components/search/search-page';
import { readSearchParams, writeSearchParams } from '@/components/search/search-params';
import { SendContext } from '@/components/use-message';
import { paper } from '../../helpers/pages/builders';
import { fakeBackground } from '../../helpers/pages/fake-send';

afterEach(cleanup);

const ROWS = Array.from({ length: 25 }, (_, i) =>
  paper(`2610.${String(1000 + i)}`, `Agentic paper ${i + 1}`, {
    topics: [{ id: 'agentic-rl', name: 'Agentic RL' }],
  }),
);

function setup(search: string) {
  const urls: string[] = [];
  const bg = fakeBackground({
    'search.papers': ({ query, topic, offset, limit }) => {
      const all = query === 'agentic' ? (topic === 'cs.CL' ? ROWS.slice(0, 2) : ROWS) : [];
      return {
        papers: all.slice(offset, offset + limit).map((p, i) => ({ ...p, score: 10 - i })),
        total: all.length,
        topics: all.length
          ? [
              { id: 'agentic-rl', name: 'Agentic RL', count: 25 },
              { id: 'cs.CL', name: 'Computation and Language', count: 2 },
            ]
          : [],
        searched: 900,
      };
    },
    'saved.status': () => ({ saved: ['2610.1001'] }),
  });
  const view = render(
    <SendContext.Provider value={bg.send}>
      <SearchPage initial={readSearchParams(search)} onParams={(q) => urls.push(q)} />
    </SendContext.Provider>,
  );
  const ids = () =>
    [...view.container.querySelectorAll('[data-arxiv-id]')].map((el) => el.getAttribute('data-arxiv-id'));
  return { bg, view, ids, urls };
}

describe('search page', () => {
  it('searches for ?q= on open, ranked results with topic tags and Save, and pages through them', async () => {
    const { bg, view, ids, urls } = setup('?q=agentic&from=2026-09-01&to=bad');
    await waitFor(() => expect(ids()).toHaveLength(20));
    expect(bg.callsOf('search.papers')[0]).toEqual({
      query: 'agentic',
      limit: 20,
      from: Date.UTC(2026, 8, 1),
    });
    expect(urls.at(-1)).toBe('?q=agentic&from=2026-09-01');
    expect(view.container.querySelector('[data-search-summary]')!.textContent).toBe(
      '25 papers match “agentic”, best first (searched 900 papers).',
    );
    const first = view.container.querySelector('[data-arxiv-id="2610.1000"]')!;
    expect(first.querySelector('[data-topic-tag="agentic-rl"]')!.textContent).toBe('Agentic RL');
    await waitFor(() =>
      expect(view.container.querySelector('[data-save-id="2610.1001"]')!.getAttribute('aria-pressed')).toBe(
        'true',
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: 'More results (5 left)' }));
    await waitFor(() => expect(ids()).toHaveLength(25));
    expect(screen.queryByRole('button', { name: /More results/ })).toBeNull();
  });

  it('shows results and a note for impossible dates in the address, not an error (issue 33, item 9)', async () => {
    const { bg, view, ids, urls } = setup('?q=agentic&from=2026-13-45&to=0000-00-00');
    await waitFor(() => expect(ids()).toHaveLength(20));
    expect(bg.callsOf('search.papers')[0]).toEqual({ query: 'agentic', limit: 20 });
    expect(view.container.querySelector('[data-search-note]')?.textContent).toBe(
      'Searched all dates: 2026-13-45 (from) and 0000-00-00 (to) are not dates.',
    );
    expect(urls.at(-1)).toBe('?q=agentic');
    expect(view.container.querySelector('[role="alert"]')).toBeNull();
  });

  it('refines by topic, searches anew from the form, and says when there is nothing to search', async () => {
    const { bg, view, ids, urls } = setup('');
    expect(view.container.textContent).toContain('Type words from a title');
    expect(bg.calls).toEqual([]);
    fireEvent.input(screen.getByRole('searchbox', { name: /Search papers/ }), {
      target: { value: 'agentic' },
    });
    fireEvent.submit(view.container.querySelector('form')!);
    await waitFor(() => expect(ids()).toHaveLength(20));
    fireEvent.change(view.container.querySelector('[data-search-topic]')!, { target: { value: 'cs.CL' } });
    await waitFor(() => expect(ids()).toEqual(['2610.1000', '2610.1001']));
    expect(urls.at(-1)).toBe('?q=agentic&topic=cs.CL');
    expect(view.container.querySelector('[data-search-summary]')!.textContent).toContain(
      'in Computation and Language',
    );
  });
});

describe('a failed search', () => {
  it('says why, and Retry asks again', async () => {
    let failures = 1;
    const bg = fakeBackground({
      'search.papers': () => {
        if (failures-- > 0) throw new Error('The index is busy');
        return {
          papers: ROWS.slice(0, 1).map((p) => ({ ...p, score: 1 })),
          total: 1,
          topics: [],
          searched: 9,
        };
      },
      'saved.status': () => ({ saved: [] }),
    });
    const view = render(
      <SendContext.Provider value={bg.send}>
        <SearchPage initial={readSearchParams('?q=agentic')} onParams={() => undefined} />
      </SendContext.Provider>,
    );
    await waitFor(() => expect(view.container.textContent).toContain('The index is busy'));
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(view.container.querySelector('[data-arxiv-id="2610.1000"]')).not.toBeNull());
    expect(bg.callsOf('search.papers')).toHaveLength(2);
  });
});

describe('search params', () => {
  it('round-trips the URL and drops malformed dates', () => {
    const p = readSearchParams('?q=a%20b&topic=agentic-rl&from=2026-01-01&to=2026-02-30x');
    expect(p).toEqual({
      q: 'a b',
      topic: 'agentic-rl',
      from: '2026-01-01',
      to: '',
      ignored: ['2026-02-30x (to)'],
    });
    expect(writeSearchParams(p)).toBe('?q=a+b&topic=agentic-rl&from=2026-01-01');
  });
});
