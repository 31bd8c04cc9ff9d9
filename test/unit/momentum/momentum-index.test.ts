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
});
