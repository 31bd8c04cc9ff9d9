import { describe, expect, it, vi } from 'vitest';
import type { TaggableText } from '../../../../lib/paper';
import * as text from '../../../../lib/text/tokens';
import { loadPack } from '../../../../lib/topics/load-pack';
import { compileUserTopics, tagPaper } from '../../../../lib/topics/tagger';

// Counts how often a text is split into words, without changing what splitting does.
vi.mock('../../../../lib/text/tokens', async (original) => {
  const actual = await original<typeof import('../../../../lib/text/tokens')>();
  return { ...actual, tokenize: vi.fn(actual.tokenize) };
});

describe('user topics cost one reading of the paper, however many there are', () => {
  it('splits the title and abstract once for 250 user topics, not once per topic', () => {
    const topics = Array.from({ length: 250 }, (_, i) => ({
      id: `user-t${i}`,
      name: `T${i}`,
      query: `"policy gradient method ${i}" OR abs:"reward model"`,
    }));
    const { compiled, errors } = compileUserTopics(topics);
    expect(errors).toEqual([]);
    const paper: TaggableText = {
      title: 'A policy gradient method',
      abstract: 'We train a reward model and a policy gradient method. '.repeat(300),
      categories: ['cs.LG'],
      authors: ['A. Author'],
    };
    const pack = loadPack();
    const tokenize = vi.mocked(text.tokenize);
    tokenize.mockClear();
    const tags = tagPaper(paper, pack, compiled);
    expect(tags.filter((t) => t.topicId.startsWith('user-'))).toHaveLength(250);
    const ofPaper = tokenize.mock.calls.filter(([s]) => s === paper.title || s === paper.abstract);
    expect(ofPaper.length).toBeLessThanOrEqual(2);
  });
});
