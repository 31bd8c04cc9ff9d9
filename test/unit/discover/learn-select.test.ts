import { describe, expect, it } from 'vitest';
import { chooseTerms, type Term } from '../../../lib/discover/learn-select';

const range = (from: number, to: number) => new Set(Array.from({ length: to - from }, (_, i) => from + i));
const term = (query: string, examples: number[], background: Set<number>, topic?: string): Term => ({
  query,
  examples: new Set(examples),
  background,
  ...(topic ? { topic: { id: topic, name: topic } } : {}),
});
const queries = (terms: Term[]) => terms.map((t) => t.query);

describe('chooseTerms', () => {
  // 50,000 background papers, as a real index.
  const N = 50_000;

  it('prefers the small term that holds the examples over a broad one that holds them too (size principle)', () => {
    const precise = term('"credit assignment"', [0, 1, 2, 3], range(0, 80));
    const broad = term('RL', [0, 1, 2, 3, 4], range(0, 2000));
    const extra = term('"step-level rewards"', [4], range(80, 100));
    // Adding the one-example term would only lower the F1 against the concept the examples point to.
    expect(queries(chooseTerms([broad, precise, extra], 5, N))).toEqual(['"credit assignment"']);
  });

  it('takes a pack topic all examples carry over a phrase three of them share by chance', () => {
    const topic = term('topic:multimodal-learning', [0, 1, 2, 3, 4], range(0, 3000), 'multimodal-learning');
    const chance = term('"cold-start"', [0, 1, 2], range(3000, 3100));
    expect(queries(chooseTerms([chance, topic], 5, N))[0]).toBe('topic:multimodal-learning');
    // The same phrase held by every example is the concept: a niche the pack does not name.
    const niche = term('"cold-start"', [0, 1, 2, 3, 4], range(3000, 3100));
    expect(queries(chooseTerms([niche, topic], 5, N))).toEqual(['"cold-start"']);
  });

  it('takes no phrase fewer than half the examples share as the concept ("vanilla GRPO" in two of five)', () => {
    const topic = term('topic:llm-reasoning', [0, 1, 2, 3], range(0, 4000), 'llm-reasoning');
    const chance = term('"vanilla GRPO"', [0, 1], range(4000, 4020));
    expect(queries(chooseTerms([chance, topic], 5, N))).toEqual(['topic:llm-reasoning']);
    // Without a better guess, the rare phrase is still one.
    expect(queries(chooseTerms([chance], 5, N))).toEqual(['"vanilla GRPO"']);
  });

  it('ORs in a second term while the expected F1 grows (two near-equal guesses), at most `max`', () => {
    const a = term('"speculative decoding"', [0, 1, 2, 3], range(0, 60));
    const b = term('"draft model"', [0, 1, 2, 3], range(40, 100));
    expect(queries(chooseTerms([a, b], 5, N)).sort()).toEqual(['"draft model"', '"speculative decoding"']);
    expect(chooseTerms([a, b], 5, N, 1)).toHaveLength(1);
    expect(chooseTerms([], 5, N)).toEqual([]);
  });
});
