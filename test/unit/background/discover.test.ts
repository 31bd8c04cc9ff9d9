import { describe, expect, it } from 'vitest';
import { weekOf, weekStart } from '@/lib/discover/weekly';
import type { ResponseOf } from '@/lib/messages/protocol';
import { emergingFixture, syntheticPapers } from '../../e2e/fake-arxiv';
import { createTestBackground } from './app-harness';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 9, 15, 12);
const END = NOW - 60 * 60_000;
const T = (Math.floor(END / DAY) - 1) * DAY + DAY - 1;

type Answer = ResponseOf<'discover.emerging'>;

describe('discover.emerging', () => {
  it('lists the new name from a filled index, with its papers, weeks and a query to follow it by', async () => {
    const bg = createTestBackground(syntheticPapers(END, 84, 3, emergingFixture(T)), NOW);
    await bg.app.installed();
    await bg.app.idle();
    const answer = await bg.call<Answer>('discover.emerging', { limit: 5, papers: true });
    expect(answer.phrases.length).toBeLessThanOrEqual(5);
    const zsa = answer.phrases.find((e) => /ZSA/.test(e.phrase));
    expect(zsa).toMatchObject({ recent: 10, previous: 0, change: null });
    // Most of its papers (sparse attention for KV caches and decoding) carry LLM Inference Acceleration, the
    // most specific topic that more than half of them carry: "rising inside LLM Inference Acceleration".
    expect(zsa!.coveredBy).toContainEqual({
      id: 'llm-inference-acceleration',
      name: 'LLM Inference Acceleration',
    });
    expect(zsa!.query).toMatch(/^ZSA OR "zebra sparse attention/i);
    // The index holds the default 12 weeks: the chart starts with the first whole week of them, not 16
    // weeks back (days the index never fetched would count as quiet ones).
    const firstWhole = weekOf(NOW - 12 * 7 * DAY) + 1;
    expect(answer.firstWeek).toBe(weekStart(firstWhole));
    expect(zsa!.weekly).toHaveLength(weekOf(END) - firstWhole + 1);
    expect(zsa!.weekly.reduce((a, b) => a + b, 0)).toBe(10);
    expect(answer.rows.map((r) => r.id)).toEqual(expect.arrayContaining(zsa!.papers.slice(0, 5)));
    // The popup's ask carries no paper rows.
    expect((await bg.call<Answer>('discover.emerging', { limit: 3 })).rows).toEqual([]);
  });

  it('hides a dismissed phrase ("Not interesting") from the list, and keeps it hidden in a new worker', async () => {
    const bg = createTestBackground(syntheticPapers(END, 84, 3, emergingFixture(T)), NOW);
    await bg.app.installed();
    await bg.app.idle();
    const before = await bg.call<Answer>('discover.emerging', { limit: 30 });
    const zsa = before.phrases.find((e) => /ZSA/.test(e.phrase))!;
    expect(zsa.key).toBe('zsa');
    expect(await bg.call('discover.dismiss', { key: zsa.key })).toEqual({ dismissed: ['zsa'] });
    const after = await bg.call<Answer>('discover.emerging', { limit: 30 });
    expect(after.phrases.map((e) => e.key)).toEqual(
      before.phrases.map((e) => e.key).filter((k) => k !== 'zsa'),
    );
    await bg.restart();
    const again = await bg.call<Answer>('discover.emerging', { limit: 30 });
    expect(again.phrases.some((e) => e.key === 'zsa')).toBe(false);
    // Dismissing twice keeps one entry.
    expect(await bg.call('discover.dismiss', { key: 'zsa' })).toEqual({ dismissed: ['zsa'] });
  });

  it('answers an empty list from an empty index', async () => {
    const bg = createTestBackground([], NOW);
    const answer = await bg.call<Answer>('discover.emerging', { limit: 5 });
    expect(answer).toMatchObject({ phrases: [], firstWeek: null, rows: [] });
  });
});
