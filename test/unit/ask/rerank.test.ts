import { describe, expect, it } from 'vitest';
import type { SourcePaper } from '@/lib/ask/extractive';
import { paperScores, RANK_PRIOR, RERANK_FROM, rankPapers } from '@/lib/ask/rerank';

const papers = (n: number): SourcePaper[] =>
  Array.from({ length: n }, (_, i) => ({ id: `p${i}`, title: `Paper ${i}`, abstract: 'Text.' }));

describe('rankPapers', () => {
  it('keeps retrieval order when no sentence scores', () => {
    expect(rankPapers([], papers(4))).toEqual(['p0', 'p1', 'p2', 'p3']);
  });

  it("scores a paper by its best sentence plus retrieval's prior, falling by RANK_PRIOR / RERANK_FROM a rank", () => {
    const read = papers(RERANK_FROM);
    const score = paperScores(
      [
        { paper: 'p3', rank: 3, score: 0.2 },
        { paper: 'p3', rank: 3, score: 0.9 },
        { paper: 'p0', rank: 0, score: 0.1 },
      ],
      read,
    );
    expect(score.get('p0')).toBeCloseTo(RANK_PRIOR + 0.1);
    expect(score.get('p3')).toBeCloseTo(RANK_PRIOR * (1 - 3 / RERANK_FROM) + 0.9);
    expect(score.get('p1')).toBeCloseTo(RANK_PRIOR * (1 - 1 / RERANK_FROM));
  });

  it('moves a paper up as far as its best sentence outweighs the prior of the ranks it passes', () => {
    const read = papers(RERANK_FROM);
    const step = RANK_PRIOR / RERANK_FROM;
    // Three ranks' prior is 3 steps: a sentence better by a little more passes them, by a little less does not.
    expect(rankPapers([{ paper: 'p3', rank: 3, score: 3 * step + 0.01 }], read).slice(0, 2)).toEqual([
      'p3',
      'p0',
    ]);
    expect(rankPapers([{ paper: 'p3', rank: 3, score: 3 * step - 0.01 }], read).slice(0, 2)).toEqual([
      'p0',
      'p3',
    ]);
  });

  it('breaks ties by retrieval order', () => {
    const read = papers(3);
    expect(rankPapers([], read, 0)).toEqual(['p0', 'p1', 'p2']);
  });
});
