import { describe, expect, it } from 'vitest';
import { crossFitMargins, separatingThreshold } from '@/lib/discover/learn-cross-fit';
import type { Features, Scorer } from '@/lib/topics/scoring/topic-scorer';

const paper = (...words: string[]): Features => new Map(words.map((w) => [w, 1]));

/** A scorer that remembers what it was trained on: +1 for each word of a positive, -1 of a negative. */
function memorizer(trainedOn: Features[][]) {
  return (positives: Features[], negatives: Features[]): Scorer => {
    trainedOn.push([...positives, ...negatives]);
    const weights = new Map<string, number>();
    for (const p of positives) for (const w of p.keys()) weights.set(w, (weights.get(w) ?? 0) + 1);
    for (const n of negatives) for (const w of n.keys()) weights.set(w, (weights.get(w) ?? 0) - 1);
    return { weights, bias: 0 };
  };
}

describe('crossFitMargins', () => {
  const positives = [paper('a', 'x'), paper('b', 'x'), paper('c', 'x'), paper('d', 'x')];
  const negatives = [paper('x', 'n1'), paper('n2')];

  it('scores each taught paper with a scorer that was not trained on it, in one training per fold', () => {
    const trainedOn: Features[][] = [];
    const margins = crossFitMargins(positives, negatives, 3, memorizer(trainedOn))!;
    expect(trainedOn).toHaveLength(3);
    // Folds by position (i % 3): {a, d}, {b, n1}, {c, n2}. A paper's own words count only as far as other
    // papers taught them: a, b, c, d never score their own letter, n1 is not pushed down by its own "n1".
    // Fold {a, d}: x +2 (b, c) -1 (n1) = 1. Fold {b, n1}: x +3 = 3. Fold {c, n2}: x +3 -1 = 2, n2 0.
    expect(margins).toEqual([1, 3, 2, 1, 3, 0]);
  });

  it('takes no more folds than positives, and none with fewer than two positives or folds', () => {
    const trainedOn: Features[][] = [];
    expect(crossFitMargins(positives.slice(0, 2), negatives, 5, memorizer(trainedOn))).toHaveLength(4);
    expect(trainedOn).toHaveLength(2);
    expect(crossFitMargins(positives.slice(0, 1), negatives, 5, memorizer([]))).toBeUndefined();
    expect(crossFitMargins(positives, negatives, 1, memorizer([]))).toBeUndefined();
    expect(crossFitMargins(positives, negatives, 0, memorizer([]))).toBeUndefined();
  });
});

describe('separatingThreshold', () => {
  it('is the placed threshold with nothing taught, or when it already separates best', () => {
    expect(separatingThreshold(5, [], [], 0, 10)).toBe(5);
    expect(separatingThreshold(5, [10], [0], 0, 10)).toBe(5);
  });

  it('lowers the threshold under positives the placed one misses', () => {
    expect(separatingThreshold(5, [3, 6, 7], [1], 0, 10)).toBe(2);
  });

  it('raises it over negatives the placed one lets through', () => {
    expect(separatingThreshold(5, [8, 9], [6, 7], 0, 10)).toBe(7.5);
  });

  it('stays within its bounds', () => {
    expect(separatingThreshold(5, [3], [], 4, 10)).toBe(4);
    expect(separatingThreshold(5, [9], [8.5], 0, 8)).toBe(8);
    expect(() => separatingThreshold(5, [9], [], 6, 4)).toThrow(/low 6 is above high 4/);
  });

  it('without positives, rises over the highest negative, up to its upper bound', () => {
    expect(separatingThreshold(5, [], [6], 0, 10)).toBe(6);
    expect(separatingThreshold(5, [], [12], 0, 10)).toBe(10);
    expect(separatingThreshold(5, [], [3], 0, 10)).toBe(5);
  });
});
