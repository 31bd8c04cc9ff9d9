import { describe, expect, it } from 'vitest';
import { loadPack } from '@/lib/topics/load-pack';
import { createSpecificity } from '@/lib/topics/specificity';

describe('specificity from the pack hierarchy', () => {
  const specificity = createSpecificity(loadPack().topics);

  it('knows every broader topic of a topic, through all its parents', () => {
    expect(specificity.broader('agentic-rl')).toEqual(
      expect.arrayContaining(['reinforcement-learning', 'llm-agents', 'large-language-models']),
    );
    expect(specificity.broader('large-language-models')).toEqual([]);
  });

  it('calls a root with subtopics a field, and neither a leaf nor a child', () => {
    expect(specificity.isField('reinforcement-learning')).toBe(true);
    expect(specificity.isField('large-language-models')).toBe(true);
    expect(specificity.isField('agentic-rl')).toBe(false);
    expect(specificity.isField('llm-agents')).toBe(false);
  });

  it('survives a cycle in the data', () => {
    const cyclic = createSpecificity([
      { id: 'a', parents: ['b'] },
      { id: 'b', parents: ['a'] },
    ]);
    expect(cyclic.broader('a')).toEqual(['b']);
  });
});
