import { describe, expect, it } from 'vitest';
import type { ExactAnswerWire } from '@/lib/ask/ask-schemas';
import { RISING_PHRASES } from '@/lib/ask/whats-new';
import { weekOf, weekStart } from '@/lib/discover/weekly';
import type { ResponseOf } from '@/lib/messages/protocol';
import { emergingFixture, kelpFixture, syntheticPapers } from '../../e2e/fake-arxiv';
import { createTestBackground } from './app-harness';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 9, 15, 12);
const END = NOW - 60 * 60_000;
const T = (Math.floor(END / DAY) - 1) * DAY + DAY - 1;

type Rising = ResponseOf<'topic.rising'>;

/** The whole background on Node: ZSA rises in cs.CL only, KFI in cs.LG only (tests/e2e/fake-arxiv.ts). */
async function filled() {
  const bg = createTestBackground(
    syntheticPapers(END, 84, 3, [...emergingFixture(T), ...kelpFixture(T)]),
    NOW,
  );
  await bg.app.installed();
  await bg.app.idle();
  return bg;
}

describe('topic.rising and What’s new', () => {
  it('lists inside each category the phrase rising there, not the one rising in the other', async () => {
    const bg = await filled();
    const cl = await bg.call<Rising>('topic.rising', { id: 'cs.CL', rows: 5 });
    const zsa = cl.phrases.find((e) => /ZSA/.test(e.phrase));
    expect(zsa).toMatchObject({ recent: 10, previous: 0, change: null, key: 'zsa' });
    expect(cl.phrases.some((e) => /KFI/.test(e.phrase))).toBe(false);
    const lg = await bg.call<Rising>('topic.rising', { id: 'cs.LG' });
    expect(lg.phrases.find((e) => /KFI/.test(e.phrase))).toMatchObject({ recent: 8, previous: 0 });
    expect(lg.phrases.some((e) => /ZSA/.test(e.phrase))).toBe(false);
    expect(lg.rows).toEqual([]);
    // Emerging's weeks: the index's first whole week to the newest paper's, the last four the recent ones.
    const firstWhole = weekOf(NOW - 12 * 7 * DAY) + 1;
    expect(cl.weeks).toMatchObject({
      firstWeek: weekStart(firstWhole),
      baselineWeeks: weekOf(END) - 3 - firstWhole,
    });
    expect(cl.weeks!.recentPapers).toBeGreaterThan(10);
    expect(cl.rows.map((r) => r.id)).toEqual(expect.arrayContaining(zsa!.papers.slice(0, 5)));
  });

  it('answers What’s new with the phrases rising inside the topic, each with its papers', async () => {
    const bg = await filled();
    const rising = await bg.call<Rising>('topic.rising', { id: 'cs.CL' });
    const answer = await bg.call<ExactAnswerWire>('topic.askExact', { id: 'cs.CL', kind: 'new' });
    const section = answer.sections.find((s) => s.title === RISING_PHRASES)!;
    expect(section.items.map((i) => i.label)).toEqual(rising.phrases.slice(0, 12).map((e) => e.phrase));
    const zsa = section.items.find((i) => i.key === 'zsa')!;
    expect(zsa).toMatchObject({ count: 10, previous: 0, previousWeeks: rising.weeks!.baselineWeeks });
    expect(zsa.papers).toHaveLength(10);
    const titled = new Set(answer.papers.map((p) => p.id));
    expect(zsa.papers.every((id) => titled.has(id))).toBe(true);
  });

  it('leaves out a phrase dismissed as not interesting, as Emerging does', async () => {
    const bg = await filled();
    await bg.call('discover.dismiss', { key: 'zsa' });
    const cl = await bg.call<Rising>('topic.rising', { id: 'cs.CL' });
    expect(cl.phrases.some((e) => e.key === 'zsa')).toBe(false);
  });
});
