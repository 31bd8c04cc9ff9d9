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

describe('refineQuery narrowing a broad term by the scorer (issue 37, fifth session)', () => {
  const examples = [
    paper('e1', 'Cross-view geo-localization with satellite images', 'Geo-localization across views.'),
    paper('e2', 'Fine-grained cross-view geo-localization', 'Matching street views to aerial ones.'),
    paper('e3', 'Where was this photo taken? Planet-scale geo-localization', 'Retrieval over a world map.'),
  ];
  const marks = [
    paper('n1', 'Cross-view pose estimation for robots', 'Relative pose across views.'),
    paper('n2', 'Learning cross-view relations for spatial reasoning', 'Multi-view reasoning.'),
    paper('n3', 'Video editing with diffusion', 'Nothing cross-view here.'),
  ];
  const narrowers = ['view', 'geo', 'localization'];

  it('ANDs a term most marks and fewer examples match with the best discriminating phrase, not title by title', () => {
    const refined = refineQuery('"Cross-View" OR "planet-scale"', examples, marks, [], narrowers);
    expect(refined).toBe('("Cross-View" "geo") OR "planet-scale"');
    for (const example of examples) expect(matches(refined, example)).toBe(true);
    for (const mark of marks) expect(matches(refined, mark)).toBe(false);
  });

  it('narrows even the only term; examples it then misses are left to the scorer', () => {
    const refined = refineQuery('"Cross-View"', examples, marks, [], narrowers);
    expect(refined).toBe('("Cross-View" "geo")');
    for (const mark of marks) expect(matches(refined, mark)).toBe(false);
  });

  it('never narrows a term every example uses', () => {
    const refined = refineQuery('"Cross-View"', examples.slice(0, 2), marks, [], narrowers);
    expect(refined).toMatch(/^\("Cross-View"\) ANDNOT \(ti:/);
  });

  it('leaves a term that one mark matches to the title exclusions', () => {
    const refined = refineQuery('"Cross-View"', examples, marks.slice(0, 1), [], narrowers);
    expect(refined).toBe('("Cross-View") ANDNOT (ti:"Cross-view pose estimation for robots")');
  });

  it('keeps the term when no phrase keeps half its examples and drops a mark', () => {
    const refined = refineQuery('"Cross-View"', examples, marks, [], ['view', 'robots', 'spatial']);
    expect(refined).toMatch(/^\("Cross-View"\) ANDNOT \(ti:/);
  });
});
