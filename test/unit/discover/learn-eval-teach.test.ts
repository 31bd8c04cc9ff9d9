import { describe, expect, it } from 'vitest';
import { halves, markOnPreview, teachHalf } from '../../eval/niches/teach';

const ids = Array.from({ length: 400 }, (_, i) => `2603.${String(10000 + i)}`);

describe("learn eval's teach and scored halves", () => {
  it('puts a paper in the same half every time, and about half of them in each', () => {
    const first = ids.map(teachHalf);
    expect(ids.map(teachHalf)).toEqual(first);
    const teach = first.filter(Boolean).length;
    expect(teach).toBeGreaterThan(160);
    expect(teach).toBeLessThan(240);
  });

  it('splits judged papers into two disjoint halves that cover them all', () => {
    const judged = ids.map((id, i) => [{ id }, i % 3 === 0] as [{ id: string }, boolean]);
    const { teach, scored } = halves(judged);
    expect(teach.length + scored.length).toBe(judged.length);
    const teachIds = new Set(teach.map(([p]) => p.id));
    expect(scored.some(([p]) => teachIds.has(p.id))).toBe(false);
    expect(teach.every(([p]) => teachHalf(p.id))).toBe(true);
  });

  it('refuses a paper without an id', () => {
    expect(() => teachHalf('')).toThrow(/without an id/);
  });
});

describe("learn eval's simulated user", () => {
  const teachId = ids.find(teachHalf)!;
  const otherTeach = ids.filter(teachHalf)[1]!;
  const scoredId = ids.find((id) => !teachHalf(id))!;

  it('marks the first judged teach-half row not yet taught, skipping unjudged and scored-half rows', () => {
    const teach = new Map([
      [teachId, false],
      [otherTeach, true],
    ]);
    const rows = [{ id: 'unjudged' }, { id: scoredId }, { id: teachId }, { id: otherTeach }];
    expect(markOnPreview(rows, teach, new Set())).toEqual({ paper: { id: teachId }, yes: false });
    expect(markOnPreview(rows, teach, new Set([teachId]))).toEqual({ paper: { id: otherTeach }, yes: true });
    expect(markOnPreview(rows, teach, new Set([teachId, otherTeach]))).toBeUndefined();
  });
});
