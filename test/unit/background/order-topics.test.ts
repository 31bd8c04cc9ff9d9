import { describe, expect, it } from 'vitest';
import type { BackgroundContext } from '@/lib/background/context';
import { orderTopics } from '@/lib/background/views';
import { createCatalog } from '@/lib/topics/catalog';
import { loadPack } from '@/lib/topics/load-pack';

describe('orderTopics: a paper row lists its most specific topics first', () => {
  const ctx = { catalog: createCatalog(loadPack()) } as unknown as BackgroundContext;

  it('puts a child before its parents and a field before a parent implied by a child, categories last', () => {
    const tagged = ['cs.LG', 'large-language-models', 'reinforcement-learning', 'agentic-rl', 'cs.AI'];
    expect(orderTopics(ctx, tagged)).toEqual([
      'agentic-rl',
      'large-language-models',
      'reinforcement-learning',
      'cs.LG',
      'cs.AI',
    ]);
  });

  it("keeps the tagger's order among topics equally specific", () => {
    expect(orderTopics(ctx, ['llm-agents', 'agentic-rl'])).toEqual(['agentic-rl', 'llm-agents']);
    expect(orderTopics(ctx, ['reinforcement-learning', 'cs.CL', 'large-language-models'])).toEqual([
      'reinforcement-learning',
      'large-language-models',
      'cs.CL',
    ]);
  });
});
