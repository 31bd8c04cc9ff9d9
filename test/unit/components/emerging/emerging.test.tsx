// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { EmergingPage } from '@/components/emerging/emerging-page';
import { emergingCounts, emergingStatus, emergingWeeks } from '@/components/emerging/emerging-text';
import { emergingView, keepEmerging, readKeptEmerging } from '@/components/emerging/kept-emerging';
import { EmergingList } from '@/components/popup/emerging-list';
import { SendContext } from '@/components/use-message';
import type { EmergingPhraseData } from '@/lib/messages/schemas';
import { INDEX, paper, topic } from '../../helpers/pages/builders';
import { type FakeHandlers, fakeBackground } from '../../helpers/pages/fake-send';

afterEach(cleanup);

const FIRST_WEEK = Date.UTC(2026, 5, 15);

function phrase(name: string, overrides: Partial<EmergingPhraseData> = {}): EmergingPhraseData {
  return {
    phrase: name,
    key: name.toLowerCase(),
    variants: [name],
    recent: 9,
    previous: 0,
    change: null,
    p: 0.0001,
    papers: ['2609.00001', '2609.00002'],
    coveredBy: [],
    weekly: [...Array(12).fill(0), 1, 2, 3, 3],
    query: `"${name}"`,
    ...overrides,
  };
}

const ZSA = phrase('Zebra Sparse Attention (ZSA)', {
  variants: ['ZSA', 'zebra sparse attentions'],
  coveredBy: [{ id: 'efficient-attention', name: 'Efficient Attention' }],
  query: 'ZSA OR "zebra sparse attentions"',
});
const ANSWER = {
  phrases: [ZSA, phrase('world action models')],
  firstWeek: FIRST_WEEK,
  rows: [paper('2609.00001', 'Scaling Zebra Sparse Attention'), paper('2609.00002', 'ZSA for code')],
  index: INDEX,
};

function renderPage(overrides: FakeHandlers = {}) {
  const bg = fakeBackground({ 'discover.emerging': () => ANSWER, ...overrides });
  render(
    <SendContext.Provider value={bg.send}>
      <EmergingPage />
    </SendContext.Provider>,
  );
  return bg;
}

describe('emerging wording', () => {
  it('says "rising inside" a covering topic, else "new", and the counts of both windows', () => {
    expect(emergingStatus(ZSA)).toBe('rising inside Efficient Attention');
    expect(emergingStatus(phrase('x'))).toBe('new');
    expect(emergingCounts(phrase('x', { recent: 1, previous: 2 }))).toBe(
      '1 paper in 4 weeks, 2 in the 12 before',
    );
    // An index of twelve weeks' history: the baseline is the eight before the last four.
    expect(emergingCounts(phrase('x', { recent: 1, previous: 2, weekly: Array(12).fill(0) }))).toBe(
      '1 paper in 4 weeks, 2 in the 8 before',
    );
  });

  it('turns weekly counts into chart weeks from the first week, the current one partial', () => {
    const weeks = emergingWeeks(ZSA, FIRST_WEEK, FIRST_WEEK + 15 * 7 * 86_400_000 + 1);
    expect(weeks).toHaveLength(16);
    expect(weeks[0]).toEqual({ weekStart: '2026-06-15', count: 0, partial: false });
    expect(weeks.at(-1)).toMatchObject({ count: 3, partial: true });
  });
});

describe('popup: Emerging section', () => {
  it('lists the phrases, each a link to its entry on the Emerging page, with its status', () => {
    render(<EmergingList view={emergingView(ANSWER)} />);
    const list = screen.getByRole('list', { name: 'Emerging phrases' });
    const links = within(list).getAllByRole('link');
    expect(links.map((a) => a.textContent)).toEqual(['Zebra Sparse Attention (ZSA)', 'world action models']);
    expect(links[0]!.getAttribute('href')).toBe('/emerging.html#pp-emerging-0');
    expect(within(list).getByText('rising inside Efficient Attention')).toBeTruthy();
    expect(within(list).getByText('new')).toBeTruthy();
  });

  it('says why the list is empty', () => {
    render(
      <EmergingList view={emergingView({ ...ANSWER, phrases: [], index: { ...INDEX, filling: true } })} />,
    );
    expect(screen.getByText(/once the index holds sixteen weeks/)).toBeTruthy();
  });
});

describe('Emerging page', () => {
  it('lists each phrase with its status, counts, weekly chart and papers', async () => {
    renderPage();
    const entry = (await screen.findByRole('heading', { name: 'Zebra Sparse Attention (ZSA)' })).closest(
      'li',
    )!;
    expect(within(entry).getByText('rising inside Efficient Attention')).toBeTruthy();
    expect(within(entry).getByText('9 papers in 4 weeks, 0 in the 12 before')).toBeTruthy();
    expect(within(entry).getByRole('img', { name: /Zebra Sparse Attention/ })).toBeTruthy();
    expect(within(entry).getByRole('link', { name: 'Scaling Zebra Sparse Attention' })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(2);
    expect(document.querySelector('[data-emerging-short]')).toBeNull();
  });

  it('dismisses a phrase ("Not interesting") and asks for the list again', async () => {
    keepEmerging(emergingView(ANSWER));
    const bg = renderPage({ 'discover.dismiss': ({ key }) => ({ dismissed: [key] }) });
    const entry = (await screen.findByRole('heading', { name: 'Zebra Sparse Attention (ZSA)' })).closest(
      'li',
    )!;
    fireEvent.click(within(entry).getByRole('button', { name: /Not interesting/ }));
    await waitFor(() => expect(bg.callsOf('discover.emerging')).toHaveLength(2));
    expect(bg.callsOf('discover.dismiss')).toEqual([{ key: ANSWER.phrases[0]!.key }]);
    // The popup's kept copy, which may hold the phrase, is dropped.
    expect(readKeptEmerging()).toBeUndefined();
  });

  it('says when the index holds too short a history for the twelve weeks before', async () => {
    const short = { ...ANSWER, phrases: ANSWER.phrases.map((p) => ({ ...p, weekly: p.weekly.slice(5) })) };
    renderPage({ 'discover.emerging': () => short });
    const note = await screen.findByText(/Emerging needs a history window of 16 weeks/);
    expect(note.textContent).toMatch(/holds 7 weeks before the last four/);
  });

  it('turns a phrase into a followed custom topic in one click, its query editable', async () => {
    const bg = renderPage({
      'userTopics.save': () => ({ ok: true, id: 'user-zsa' }),
      'topic.follow': ({ id }) => ({ ...topic(id, 'ZSA'), followed: true }),
      'userTopics.preview': () => ({ matches: 2, papers: [], momentum: null, weekly: [] }),
    });
    fireEvent.click(
      await screen.findByRole('button', { name: 'Follow as a topic Zebra Sparse Attention (ZSA)' }),
    );
    await screen.findByText(/as a custom topic/);
    expect(bg.callsOf('userTopics.save')).toEqual([
      { name: 'Zebra Sparse Attention (ZSA)', query: 'ZSA OR "zebra sparse attentions"' },
    ]);
    expect(bg.callsOf('topic.follow')).toEqual([{ id: 'user-zsa', follow: true }]);
    fireEvent.click(screen.getByRole('button', { name: 'Edit its query' }));
    const query = screen.getByRole('textbox', { name: /Query/ });
    expect((query as HTMLTextAreaElement).value).toBe('ZSA OR "zebra sparse attentions"');
    // An edited query is what the editor shows when opened again.
    fireEvent.input(query, { target: { value: 'ZSA ANDNOT survey' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Edit its query' })).toBeTruthy());
    expect(bg.callsOf('userTopics.save').at(-1)).toEqual({
      id: 'user-zsa',
      name: 'Zebra Sparse Attention (ZSA)',
      query: 'ZSA ANDNOT survey',
    });
    fireEvent.click(screen.getByRole('button', { name: 'Edit its query' }));
    const reopened = screen.getByRole('textbox', { name: /Query/ }) as HTMLTextAreaElement;
    expect(reopened.value).toBe('ZSA ANDNOT survey');
  });

  it('shows why following failed', async () => {
    renderPage({
      'userTopics.save': () => ({ ok: false, error: { position: 0, message: 'Too many custom topics' } }),
    });
    fireEvent.click(await screen.findByRole('button', { name: /Follow as a topic world action models/ }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toMatch(/Too many custom topics/));
  });

  it('says when nothing is emerging', async () => {
    renderPage({ 'discover.emerging': () => ({ ...ANSWER, phrases: [] }) });
    expect(await screen.findByText(/No phrase is rising/)).toBeTruthy();
  });
});
