import { describe, expect, it } from 'vitest';
import { loadPack } from '../../../lib/topics/load-pack';
import { createTopicResolver, PACK_RENAMES } from '../../../lib/topics/resolve-topic-id';
import type { Topic } from '../../../lib/topics/types';

const t = (id: string, name: string, aliases: string[] = []): Topic => ({
  id,
  name,
  kind: 'fine',
  aliases,
  parents: [],
  description: '',
});

describe('createTopicResolver', () => {
  const topics = [
    t('multimodal-large-language-models', 'Multimodal Large Language Models', [
      'Vision-Language Models',
      'VLMs',
    ]),
    t('agentic-rl', 'Agentic RL', ['Agentic Reinforcement Learning']),
    t('vlm-safety', 'VLM Safety', ['VLMs']),
  ];
  const resolve = createTopicResolver(topics, { 'old-agentic': 'agentic-rl', 'gone-to-nowhere': 'nope' });

  it('resolves ids, renames, names and aliases written as ids', () => {
    expect(resolve('agentic-rl')).toBe('agentic-rl');
    expect(resolve('old-agentic')).toBe('agentic-rl');
    expect(resolve('vision-language-models')).toBe('multimodal-large-language-models');
    expect(resolve('agentic-reinforcement-learning')).toBe('agentic-rl');
    expect(resolve('Agentic RL')).toBe('agentic-rl');
  });

  it('gives an alias two topics share to the first, and finds nothing for what no topic means', () => {
    expect(resolve('vlms')).toBe('multimodal-large-language-models');
    expect(resolve('gone-to-nowhere')).toBeUndefined();
    expect(resolve('no-such-topic')).toBeUndefined();
    expect(resolve('')).toBeUndefined();
  });

  it('every rename in the shipped table points at a topic of the shipped pack', () => {
    const pack = loadPack();
    for (const [from, to] of Object.entries(PACK_RENAMES)) {
      expect(pack.byId.has(from), `${from} is still a topic`).toBe(false);
      expect(pack.byId.has(to), `${to} is not a topic`).toBe(true);
    }
    expect(createTopicResolver(pack.topics)('vision-language-models')).toBe(
      'multimodal-large-language-models',
    );
  });
});
