import { describe, expect, it } from 'vitest';
import { chooseTerms, estimatePrevalence, f1Of, type Term } from '../../../lib/discover/learn-select';

const range = (from: number, to: number) => new Set(Array.from({ length: to - from }, (_, i) => from + i));
const term = (query: string, examples: number[], background: Set<number>): Term => ({
  query,
  examples: new Set(examples),
  background,
});

describe('learn-select', () => {
  // 10,000 background papers; the topic is about 1% of them.
  const N = 10_000;
  const precise = term('"credit assignment"', [0, 1, 2, 3], range(0, 80));
  const broad = term('RL', [0, 1, 2, 3, 4], range(0, 2000));
  const extra = term('"step-level rewards"', [4], range(80, 100));

  it('estimates the topic share from the tightest bound a common term gives', () => {
    expect(estimatePrevalence([precise, broad], 5, N)).toBeCloseTo(80 / N / 0.8, 12);
    expect(estimatePrevalence([extra], 5, N)).toBeCloseTo(20 / N / 0.2, 12);
    expect(estimatePrevalence([], 5, N)).toBe(1 / N);
  });

  it('scores recall on the examples and precision from the share', () => {
    expect(f1Of(4, 80, 5, N, 0.01)).toBeCloseTo((2 * 1 * 0.8) / 1.8, 12);
    expect(f1Of(0, 80, 5, N, 0.01)).toBe(0);
  });

  it('adds terms while the estimated F1 grows: the precise ones, not the broad one', () => {
    expect(chooseTerms([broad, precise, extra], 5, N).map((t) => t.query)).toEqual([
      '"credit assignment"',
      '"step-level rewards"',
    ]);
    expect(chooseTerms([broad, precise, extra], 5, N, 1).map((t) => t.query)).toEqual([
      '"credit assignment"',
    ]);
  });
});
