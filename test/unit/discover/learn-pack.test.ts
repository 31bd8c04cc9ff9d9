import { describe, expect, it } from 'vitest';
import type { PackTopicNames } from '@/lib/discover/learn';
import { copiesPackTopic, examplesPackTopic } from '@/lib/discover/learn-pack';

const topic = (id: string, name: string, aliases: string[] = [], parents: string[] = []): PackTopicNames => ({
  id,
  name,
  aliases,
  parents,
});
const RL = topic('reinforcement-learning', 'Reinforcement Learning', ['RL']);
const RUBRIC = topic('rubric-based-rl', 'Rubric-Based RL', ['rubric rewards'], [RL.id]);
const LLMS = topic('large-language-models', 'Large Language Models', ['LLMs']);

describe('examplesPackTopic', () => {
  it('is the most specific topic that at least three of five examples carry', () => {
    const examples = [[RL, RUBRIC], [RL, RUBRIC], [RL, RUBRIC, LLMS], [RL], [RL, LLMS]];
    expect(examplesPackTopic(examples)?.id).toBe('rubric-based-rl');
  });

  it('is none when no topic is carried by most examples', () => {
    expect(examplesPackTopic([[RL], [RUBRIC], [LLMS], [], []])).toBeUndefined();
    expect(examplesPackTopic([[RL, RL], [RL], [], [], []])).toBeUndefined();
    expect(examplesPackTopic([])).toBeUndefined();
  });

  it('counts a topic once per example and breaks ties by id', () => {
    const tied = topic('a-topic', 'A topic');
    expect(
      examplesPackTopic([
        [RL, tied],
        [RL, tied],
        [RL, tied],
      ])?.id,
    ).toBe('a-topic');
  });
});

describe('copiesPackTopic', () => {
  it('is true for the topic itself or its names, however grouped', () => {
    expect(copiesPackTopic('topic:rubric-based-rl', RUBRIC)).toBe(true);
    expect(copiesPackTopic('(topic:rubric-based-rl)', RUBRIC)).toBe(true);
    expect(copiesPackTopic('"Rubric-Based RL" OR "rubric rewards"', RUBRIC)).toBe(true);
    expect(copiesPackTopic('"Large Language Models" OR LLM', LLMS)).toBe(true);
  });

  it('is false when the query narrows, excludes, adds or names another topic', () => {
    expect(copiesPackTopic('(topic:rubric-based-rl "grading")', RUBRIC)).toBe(false);
    expect(copiesPackTopic('(topic:rubric-based-rl) ANDNOT (ti:"Essay grading")', RUBRIC)).toBe(false);
    expect(copiesPackTopic('topic:rubric-based-rl OR "rubric-as-reward"', RUBRIC)).toBe(false);
    expect(copiesPackTopic('topic:reinforcement-learning', RUBRIC)).toBe(false);
    expect(copiesPackTopic('"rubric"', RUBRIC)).toBe(false);
  });
});
