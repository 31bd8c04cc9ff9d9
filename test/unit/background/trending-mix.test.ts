import { describe, expect, it } from 'vitest';
import type { TopicSummary } from '@/lib/messages/schemas';
import { type FakePaper, momentumFixture, syntheticPapers } from '../../e2e/fake-arxiv';
import { createTestBackground } from './app-harness';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 9, 15, 12);
const END = NOW - 60 * 60_000;
const T = (Math.floor(END / DAY) - 1) * DAY + DAY - 1;

/** `n` cs.CV cross-lists of cs.LG, one every `spacing` hours back from `from`; splatting papers if `splat`. */
function vision(n: number, from: number, splat: boolean, first: number): FakePaper[] {
  return Array.from({ length: n }, (_, i) => ({
    id: `2609.${String(60000 + first + i)}`,
    title: splat
      ? `Feed-Forward 3D Gaussian Splatting from Sparse Views ${first + i}`
      : `A calibrated method for depth estimation ${first + i}`,
    abstract: splat
      ? 'We reconstruct scenes with 3D Gaussian splatting from two posed images.'
      : 'We study a general estimation problem and report results on standard data.',
    authors: [`Vision Author ${first + i}`],
    categories: ['cs.CV', 'cs.LG'],
    published: from - (i + 0.5) * ((27 * DAY) / n),
  }));
}

describe('trending against what the index is made of (Node background, fake arXiv)', () => {
  it('a jump of cs.CV cross-lists does not make a vision topic trend; a rise inside its own categories does', async () => {
    // cs.CV cross-lists go from 40 to 120 of the index; 3D Gaussian Splatting keeps its half of them.
    const papers = [
      ...vision(20, T - 28 * DAY, true, 0),
      ...vision(20, T - 28 * DAY, false, 100),
      ...vision(60, T, true, 200),
      ...vision(60, T, false, 300),
      // A rise spread over many groups, in cs.LG and cs.AI.
      ...momentumFixture(T).map((p, i) => ({ ...p, authors: [`Author ${i}`, `Coauthor ${i}`] })),
    ];
    const bg = createTestBackground(syntheticPapers(END, 84, 3, papers), NOW);
    await bg.app.installed();
    await bg.app.idle();
    const summary = async (id: string) =>
      (await bg.call<{ summary: TopicSummary }>('topic.get', { id, offset: 0, limit: 1 })).summary;
    // Against the whole index, the splatting topic rises (DESIGN.md's trend, which its badge shows).
    expect((await summary('3d-gaussian-splatting')).momentum).toMatchObject({
      recent: 60,
      previous: 20,
      trend: 'rising',
    });
    const trending = (await bg.call<{ topics: TopicSummary[] }>('topics.trending', { limit: 8 })).topics;
    const ids = trending.map((t) => t.id);
    expect(ids[0]).toBe('agentic-rl');
    expect(ids).not.toContain('3d-gaussian-splatting');
    expect(ids).not.toContain('3d-vision');
  });
});
