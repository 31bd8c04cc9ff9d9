import { describe, expect, it } from 'vitest';
import { TOKENIZER_VERSION } from '../../../lib/text/words';
import { createCatalog } from '../../../lib/topics/catalog';
import { compilePack } from '../../../lib/topics/pack/compile';
import {
  compileScorer,
  currentScorer,
  MAX_SCORER_WEIGHTS,
  staleScorerReason,
  type TopicScorer,
  TopicScorerSchema,
  userTopicMatch,
} from '../../../lib/topics/scoring/topic-scorer';
import { compileUserTopics, tagPaper } from '../../../lib/topics/tagger';

const pack = compilePack({
  version: 'test',
  sets: {},
  topics: [{ id: 'tax-law', name: 'Tax Law', description: 'Law of taxes.', phrases: ['tax law'] }],
});
const SCORER: TopicScorer = {
  version: 1,
  tokenizer: TOKENIZER_VERSION,
  bias: -2,
  threshold: 0.5,
  queryThreshold: -2.5,
  weights: [
    ['morphogenesis', 6],
    ['seed cell', 6],
    ['tax', -8],
  ],
};
const paper = (title: string, abstract: string) => ({ title, abstract, categories: [] as string[] });
const userTags = (topics: Parameters<typeof compileUserTopics>[0], p: ReturnType<typeof paper>) =>
  tagPaper(p, pack, compileUserTopics(topics).compiled).filter((t) => t.topicId.startsWith('user-'));

describe('the rule of a user topic with a scorer (userTopicMatch)', () => {
  const scorer = compileScorer(SCORER);
  it('without a scorer is the query', () => {
    expect(userTopicMatch(true, undefined, () => -99)).toBe('query');
    expect(userTopicMatch(false, undefined, () => 99)).toBeUndefined();
  });
  it('with one: a query match the scorer keeps, or the scorer alone above its threshold', () => {
    expect(userTopicMatch(true, scorer, () => 0)).toBe('query');
    expect(userTopicMatch(true, scorer, () => -2.6)).toBeUndefined();
    expect(userTopicMatch(false, scorer, () => 0.4)).toBeUndefined();
    expect(userTopicMatch(false, scorer, () => 0.6)).toBe('scorer');
    expect(userTopicMatch(true, scorer, () => 0.6)).toBe('query');
  });
});

describe('the tagger matches user topics through the rule', () => {
  const topic = { id: 'user-growth', name: 'Growth', query: '"cellular automata"', scorer: SCORER };
  it('gives a paper the query misses when the scorer passes, with the words that weighed most', () => {
    const tags = userTags([topic], paper('Morphogenesis from a seed cell', 'We grow shapes.'));
    expect(tags).toHaveLength(1);
    expect(tags[0]!.evidence.map((e) => e.phrase)).toEqual(['morphogenesis', 'seed cell']);
    expect(tags[0]!.evidence[0]!.where).toBe('title');
    // The query alone does not.
    const { scorer: _, ...queryOnly } = topic;
    expect(userTags([queryOnly], paper('Morphogenesis from a seed cell', 'We grow shapes.'))).toEqual([]);
  });
  it('drops a query match the scorer rules out, keeps the others', () => {
    const taxing = paper('Cellular automata for tax law', 'Tax rules as cellular automata.');
    expect(userTags([topic], taxing)).toEqual([]);
    const kept = userTags([topic], paper('Cellular automata', 'Cellular automata grow.'));
    expect(kept.map((t) => t.evidence[0]!.phrase.toLowerCase())).toEqual(['cellular automata']);
  });
  it('a changed scorer changes the catalog signature (stored papers are re-tagged)', () => {
    const catalog = createCatalog(pack);
    catalog.setUserTopics([topic]);
    const before = catalog.signature;
    catalog.setUserTopics([{ ...topic, scorer: { ...SCORER, threshold: 0.7 } }]);
    expect(catalog.signature).not.toBe(before);
    expect(catalog.get('user-growth')?.rule).toMatch(/scorer learned from its example papers/);
  });
});

describe('a scorer learned over words split another way (tokenizer version)', () => {
  const topic = { id: 'user-growth', name: 'Growth', query: '"cellular automata"' };
  const growing = paper('Morphogenesis from a seed cell', 'We grow shapes.');
  it('is kept but not used: the topic matches by its query alone, and says why', () => {
    const { tokenizer: _, ...before } = SCORER;
    for (const stale of [before, { ...SCORER, tokenizer: TOKENIZER_VERSION + 1 }]) {
      expect(TopicScorerSchema.parse(stale)).toEqual(stale);
      expect(currentScorer(stale)).toBeUndefined();
      expect(staleScorerReason(stale)).toMatch(
        /older version of PaperPulse.*only the query is used. Learn the topic again/,
      );
      expect(userTags([{ ...topic, scorer: stale }], growing)).toEqual([]);
      const catalog = createCatalog(pack);
      catalog.setUserTopics([{ ...topic, scorer: stale }]);
      expect(catalog.get('user-growth')?.rule).not.toMatch(/scorer/);
      // Its papers are tagged again (the signature is the query's alone), so none keeps a scorer's tag.
      const queryOnly = createCatalog(pack);
      queryOnly.setUserTopics([topic]);
      expect(catalog.signature).toBe(queryOnly.signature);
    }
    expect(staleScorerReason(SCORER)).toBeUndefined();
    expect(userTags([{ ...topic, scorer: SCORER }], growing)).toHaveLength(1);
  });
});

describe('TopicScorerSchema: a stored scorer is bounded', () => {
  const refuses = (scorer: unknown) => expect(TopicScorerSchema.safeParse(scorer).success).toBe(false);
  it('accepts what learning writes', () => {
    expect(TopicScorerSchema.parse(SCORER)).toEqual(SCORER);
  });
  it('refuses too many weights, a feature twice, huge or odd values, another version, extra keys', () => {
    const many = Array.from({ length: MAX_SCORER_WEIGHTS + 1 }, (_, i) => [`w${i}`, 1]);
    refuses({ ...SCORER, weights: many });
    refuses({ ...SCORER, weights: [...SCORER.weights, ['tax', 1]] });
    refuses({ ...SCORER, bias: 1e300 });
    refuses({ ...SCORER, threshold: Number.POSITIVE_INFINITY });
    refuses({ ...SCORER, weights: [['x'.repeat(101), 1]] });
    refuses({ ...SCORER, weights: [['', 1]] });
    refuses({ ...SCORER, version: 2 });
    refuses({ ...SCORER, extra: true });
    refuses({ ...SCORER, weights: { morphogenesis: 1 } });
  });
});
