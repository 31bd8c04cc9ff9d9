import { describe, expect, it } from 'vitest';
import { compactAnswer, expandAnswer, type FullAnswer } from '@/lib/messages/annotate-compact';
import type { CompactAnswer } from '@/lib/messages/schemas';
import type { PaperRef } from '@/lib/paper';
import { agenticPaper, momentumFixture, syntheticPapers } from '../../e2e/fake-arxiv';
import { createTestBackground } from '../background/app-harness';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 9, 15, 12);
const END = NOW - 60 * 60_000;
const T = (Math.floor(END / DAY) - 1) * DAY + DAY - 1;

const ref = (arxivId: string, categories: string[], title = 'A title'): PaperRef => ({
  arxivId,
  title,
  authors: [],
  categories,
});

describe('compact annotate answers', () => {
  it('expand(compact(answer)) is the answer, each topic id sent once', () => {
    const refs = [ref('2609.00001', ['cs.LG']), ref('2609.00002', ['cs.CL']), ref('2609.00003', [], '')];
    const answer: FullAnswer = {
      results: [
        {
          tags: [
            { id: 'agentic-rl', score: 9.25 },
            { id: 'cs.LG', score: 1 },
          ],
          inIndex: true,
          tracked: true,
          categories: ['cs.LG'],
        },
        // The index knows more categories than the page showed.
        {
          tags: [{ id: 'agentic-rl', score: 2 }],
          inIndex: true,
          tracked: false,
          categories: ['cs.CL', 'cs.AI'],
        },
        { tags: [], inIndex: false, tracked: true, categories: [], title: 'From the index' },
      ],
      topics: {},
      index: { categories: ['cs.LG'], cutoff: T, filling: false, progress: 1 },
    };
    const compact = compactAnswer(answer, refs);
    expect(compact.topicIds).toEqual(['agentic-rl', 'cs.LG']);
    expect(compact.results[0]).toEqual({ t: [0, 9.25, 1, 1], f: 3 });
    expect(compact.results[1]!.c).toEqual(['cs.CL', 'cs.AI']);
    expect(expandAnswer(compact, refs)).toEqual(answer);
  });

  it('rejects a topic index out of range instead of drawing a wrong chip', () => {
    const bad: CompactAnswer = {
      topicIds: ['a'],
      results: [{ t: [3, 1], f: 1 }],
      topics: {},
      index: { categories: [], cutoff: null, filling: true, progress: 0 },
    };
    expect(() => expandAnswer(bad, [ref('2609.00001', [])])).toThrow(/out of range/);
  });

  it('papers.annotateCompact expands to the same answer as papers.annotate without evidence', async () => {
    const bg = createTestBackground(syntheticPapers(END, 84, 3, momentumFixture(T)), NOW);
    await bg.app.installed();
    await bg.app.idle();
    const known = agenticPaper(3, 0);
    const papers = [
      ref(known.id, ['cs.LG']),
      // Not in the index: tagged from what the page shows.
      ref('2610.99999', ['cs.LG', 'cs.AI'], 'Agentic reinforcement learning for LLM agents'),
      ref('2609.50001', ['cs.LG']),
    ];
    const full = await bg.fromContent<FullAnswer>('papers.annotate', { papers, evidence: false });
    const compact = await bg.fromContent<CompactAnswer>('papers.annotateCompact', { papers });
    expect(full.results[0]!.tags.length).toBeGreaterThan(0);
    expect(expandAnswer(compact, papers)).toEqual(full);
    expect(JSON.stringify(compact.results).length).toBeLessThan(JSON.stringify(full.results).length);
  });
});
