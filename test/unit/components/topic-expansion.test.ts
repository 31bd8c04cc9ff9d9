import { describe, expect, it } from 'vitest';
import { describeExpansion } from '@/components/topic-expansion';

describe('describeExpansion', () => {
  it.each([
    ['Agentic RL', 'RL: Reinforcement Learning', 'Agentic Reinforcement Learning'],
    ['Multilingual LLMs', 'LLM: Large Language Model', 'Multilingual Large Language Models'],
    ['LLM-as-a-Judge', 'LLM: Large Language Model', 'Large Language Model-as-a-Judge'],
    ['Large Language Models', 'LLM: Large Language Model', 'Also called LLM'],
    ['GraphRAG', 'RAG: Retrieval-Augmented Generation', 'RAG stands for Retrieval-Augmented Generation'],
    [
      'Explainable AI',
      'XAI: Explainable Artificial Intelligence',
      'XAI stands for Explainable Artificial Intelligence',
    ],
    ['Something', 'no colon here', 'no colon here'],
  ])('%s with "%s" -> %s', (name, expansion, expected) => {
    expect(describeExpansion(name, expansion)).toBe(expected);
  });
});
