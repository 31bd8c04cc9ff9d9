import { describe, expect, it } from 'vitest';
import { orTerms, refineQuery } from '../../../lib/discover/learn-refine';
import type { LearnPaper } from '../../../lib/discover/learn-topic';
import { compileQuery, matchQuery } from '../../../lib/topics/query';

const paper = (id: string, title: string, abstract = ''): LearnPaper => ({
  id,
  title,
  abstract,
  categories: ['cs.LG'],
});
const matches = (query: string, p: LearnPaper) => {
  const compiled = compileQuery(query);
  if (!compiled.ok) throw new Error(compiled.error.message);
  return matchQuery(compiled.query, p) !== null;
};

const EXAMPLES = [
  paper('e1', 'Sparse attention kernels', 'Block tiling for sparse attention.'),
  paper('e2', 'Sparse attention at scale', 'A kernel that skips empty blocks.'),
];

describe('orTerms', () => {
  it('splits a learned query into its phrases and acronyms', () => {
    expect(orTerms('"sparse attention" OR GRPO OR "LLM Agents" OR "AI Agents"')).toEqual([
      '"sparse attention"',
      'GRPO',
      '"LLM Agents"',
      '"AI Agents"',
    ]);
    expect(orTerms('')).toEqual([]);
  });

  it('keeps a narrowed pack topic, a term in parentheses, whole', () => {
    expect(orTerms('(topic:llm-agents "long-horizon") OR GRPO OR (topic:x "a OR b")')).toEqual([
      '(topic:llm-agents "long-horizon")',
      'GRPO',
      '(topic:x "a OR b")',
    ]);
  });
});

describe('refineQuery', () => {
  it('leaves the query alone without marks', () => {
    expect(refineQuery('"sparse attention"', EXAMPLES, [], [])).toBe('"sparse attention"');
  });

  it('drops a term that only brought in the marked paper', () => {
    const marked = paper('n1', 'Block tiling for matrix multiply');
    const refined = refineQuery('"sparse attention" OR "block tiling"', EXAMPLES, [marked], []);
    expect(refined).toBe('"sparse attention"');
  });

  it('keeps a term an example needs, and excludes the marked paper by what it alone says', () => {
    const marked = paper('n1', 'Sparse attention for speech', 'Sparse attention in speech recognition.');
    const refined = refineQuery(
      '"sparse attention"',
      EXAMPLES,
      [marked],
      ['"speech recognition"', '"sparse"'],
    );
    expect(refined).toBe('("sparse attention") ANDNOT ("speech recognition")');
    expect(matches(refined, marked)).toBe(false);
    for (const example of EXAMPLES) expect(matches(refined, example)).toBe(true);
  });

  it("falls back to the marked paper's title when no learned phrase excludes it", () => {
    const marked = paper('n1', 'Sparse attention "for" *audio*', 'Sparse attention.');
    const refined = refineQuery('"sparse attention"', EXAMPLES, [marked], []);
    expect(refined).toBe('("sparse attention") ANDNOT (ti:"Sparse attention for audio")');
    expect(matches(refined, marked)).toBe(false);
    for (const example of EXAMPLES) expect(matches(refined, example)).toBe(true);
  });
});

describe('refineQuery with many marks (issue 33, item 3)', () => {
  /** `n` in letters (a, b, …, z, ba, …), so no two papers share a made-up word. */
  const letters = (n: number): string =>
    (n < 26 ? '' : letters(Math.floor(n / 26))) + String.fromCharCode(97 + (n % 26));
  const word = (paper: number, position: number, size: number) =>
    letters(paper * 12 + position).padEnd(size, 'x');
  /** Marked papers about sparse attention too (the query's one term matches them all), long titles. */
  const marked = (count: number, size: number) =>
    Array.from({ length: count }, (_, i) => {
      const words = Array.from({ length: 12 }, (_, j) => word(i, j, size)).join(' ');
      return paper(`n${i}`, `Sparse attention ${words}`, 'Sparse attention.');
    });

  it('keeps every mark honoured when excluding them by title would pass 2,000 characters', () => {
    const negatives = marked(40, 6);
    const refined = refineQuery('"sparse attention"', EXAMPLES, negatives, []);
    expect(compileQuery(refined).ok).toBe(true);
    expect(refined.length).toBeLessThanOrEqual(2000);
    expect(negatives.filter((p) => matches(refined, p)).map((p) => p.id)).toEqual([]);
    for (const example of EXAMPLES) expect(matches(refined, example)).toBe(true);
  });

  it('refuses with a clear message when the marks cannot all fit in one query, never undoing them', () => {
    expect(() => refineQuery('"sparse attention"', EXAMPLES, marked(100, 16), [])).toThrow(
      /100 papers marked .Not this. do not fit in one query/,
    );
  });
});
