// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { RisingInside } from '@/components/topic/rising-inside';
import { SendContext } from '@/components/use-message';
import type { ResponseOf } from '@/lib/messages/protocol';
import { paper } from '../../helpers/pages/builders';
import { fakeBackground } from '../../helpers/pages/fake-send';

afterEach(cleanup);

type Rising = ResponseOf<'topic.rising'>;
const WEEKS = { firstWeek: Date.UTC(2026, 6, 6), baselineWeeks: 8, recentPapers: 120, baselinePapers: 210 };
const IDS = Array.from({ length: 7 }, (_, i) => `2610.${String(47000 + i)}`);
const ZSA = {
  phrase: 'Zebra Sparse Attention (ZSA)',
  variants: ['ZSA', 'zebra sparse attention'],
  recent: 7,
  previous: 0,
  change: null,
  p: 1e-6,
  papers: IDS,
  key: 'zsa',
  coveredBy: [{ id: 'efficient-attention', name: 'Efficient Attention' }],
};

function renderRising(answer: Rising) {
  const bg = fakeBackground({ 'topic.rising': () => answer });
  render(
    <SendContext.Provider value={bg.send}>
      <RisingInside topicId="cs.CL" topicName="Computation and Language" />
    </SendContext.Provider>,
  );
  return bg;
}

function found(selector: string): Promise<Element> {
  return waitFor(() => {
    const element = document.querySelector(selector);
    if (!element) throw new Error(`No ${selector} yet`);
    return element;
  });
}

describe('Rising inside this topic', () => {
  it('lists each phrase with its counts; one click opens its papers', async () => {
    const rows = IDS.slice(0, 5).map((id, i) => paper(id, `Zebra paper ${i}`));
    const bg = renderRising({ phrases: [ZSA], weeks: WEEKS, rows });
    const entry = await found('[data-rising-phrase]');
    expect(bg.callsOf('topic.rising')).toEqual([{ id: 'cs.CL', rows: 5 }]);
    expect(entry.querySelector('summary')!.textContent).toBe(
      'Zebra Sparse Attention (ZSA): 7 papers in the last 4 weeks, 0 in the 8 before · mostly in Efficient Attention',
    );
    expect(
      screen.getByText(/its 120 papers of the last four weeks against its 210 of the 8 weeks/),
    ).toBeTruthy();
    const details = entry.querySelector('details')!;
    expect(details.open).toBe(false);
    fireEvent.click(entry.querySelector('summary')!);
    await waitFor(() => expect(details.open).toBe(true));
    expect([...entry.querySelectorAll('.pp-paper-title')].map((h) => h.textContent)).toEqual(
      rows.map((r) => r.title),
    );
    // The papers without a card are there too, by id.
    expect(
      [...entry.querySelectorAll('a[data-arxiv-id]')].map((a) => a.getAttribute('data-arxiv-id')),
    ).toEqual(IDS.slice(5));
  });

  it('says so when nothing rises significantly inside the topic', async () => {
    renderRising({ phrases: [], weeks: WEEKS, rows: [] });
    const empty = await found('[data-rising-empty]');
    expect(empty.textContent).toMatch(/^Nothing is rising significantly inside Computation and Language/);
  });

  it('says so when the index holds too short a history', async () => {
    renderRising({ phrases: [], weeks: null, rows: [] });
    const empty = await found('[data-rising-empty]');
    expect(empty.textContent).toMatch(/too short a history/);
  });
});
