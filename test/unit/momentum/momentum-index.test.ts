import { describe, expect, it } from 'vitest';
import { createMomentumIndex } from '@/lib/momentum/momentum-index';
import { ALL_TOPICS } from '@/lib/store/schema';

describe('the momentum index', () => {
  it('moves its generation on every change of the counts, so answers kept from them are dropped', () => {
    const index = createMomentumIndex(new Map([[ALL_TOPICS, new Map([[20_000, 3]])]]));
    const start = index.generation();
    expect(index.generation()).toBe(start);
    index.apply(new Map([['agentic-rl', new Map([[20_000, 1]])]]));
    const applied = index.generation();
    expect(applied).not.toBe(start);
    expect(index.daily('agentic-rl').get(20_000)).toBe(1);
    index.reset(new Map());
    expect(index.generation()).not.toBe(applied);
  });

  it('works out T and the held window once per change of the counts, not once per topic', () => {
    const day = (d: number) => new Map([[d, 5]]);
    const counts = new Map([[ALL_TOPICS, day(20_000)]]);
    for (let i = 0; i < 50; i++) counts.set(`topic-${i}`, day(20_000));
    let asked = 0;
    const index = createMomentumIndex(counts, () => {
      asked++;
      return true;
    });
    for (let i = 0; i < 50; i++) index.momentum(`topic-${i}`);
    expect(asked).toBe(1);
    const before = index.cutoff();
    // A newer day: T moves with it, and the window is asked about again.
    index.apply(new Map([[ALL_TOPICS, day(20_003)]]));
    expect(index.cutoff()).toBeGreaterThan(before!);
    index.momentum('topic-1');
    expect(asked).toBe(2);
  });
});
