import { describe, expect, it } from 'vitest';
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
    expect(zsa!.weekly).toHaveLength(16);
    expect(zsa!.weekly.reduce((a, b) => a + b, 0)).toBe(10);
    expect(answer.firstWeek).not.toBeNull();
    expect(answer.rows.map((r) => r.id)).toEqual(expect.arrayContaining(zsa!.papers.slice(0, 5)));
    // The popup's ask carries no paper rows.
    expect((await bg.call<Answer>('discover.emerging', { limit: 3 })).rows).toEqual([]);
  });

  it('answers an empty list from an empty index', async () => {
    const bg = createTestBackground([], NOW);
    const answer = await bg.call<Answer>('discover.emerging', { limit: 5 });
    expect(answer).toMatchObject({ phrases: [], firstWeek: null, rows: [] });
  });
});
