import { describe, expect, it } from 'vitest';
import { drawScorerPool, learnTopicScorer, MIN_HELD_OUT } from '@/lib/discover/learn-topic-scorer';
import {
  compileScorer,
  MAX_SCORER_WEIGHTS,
  scoreFeatures,
  scorerFeatures,
  TopicScorerSchema,
} from '@/lib/topics/scoring/topic-scorer';
import { cellularAutomataPapers, scorerOnlyPaper, syntheticPapers } from '../../e2e/fake-arxiv';

const END = Date.UTC(2026, 8, 30);
// The examples and one paper only the scorer can find: more unseen niche papers in so small an index would
// be held out themselves and set the threshold (the top 0.5% of ~440 papers is two papers).
const growth = cellularAutomataPapers(END, 3, 0);
const only = scorerOnlyPaper(END);
const index = syntheticPapers(END, 40, 22, [...growth, only]);

describe('learnTopicScorer', () => {
  const examples = growth;
  const stored = learnTopicScorer(examples, [], drawScorerPool(index));

  it('writes a stored scorer within its bounds, thresholds in order', () => {
    expect(stored).toBeDefined();
    expect(TopicScorerSchema.parse(stored)).toEqual(stored);
    expect(stored!.weights.length).toBeLessThanOrEqual(MAX_SCORER_WEIGHTS);
    expect(stored!.threshold).toBeGreaterThanOrEqual(stored!.queryThreshold);
  });

  it('is the same for the same index, examples and marks', () => {
    expect(learnTopicScorer(examples, [], drawScorerPool(index))).toEqual(stored);
  });

  it('places an unseen niche paper above the threshold the scorer alone needs, and the index mostly below', () => {
    const scorer = compileScorer(stored!);
    const margin = (p: (typeof index)[number]) => scoreFeatures(scorer, scorerFeatures(p));
    expect(margin(only)).toBeGreaterThan(scorer.threshold);
    const background = index.filter((p) => !p.id.startsWith('2609.4'));
    const above = background.filter((p) => margin(p) > scorer.threshold).length;
    expect(above / background.length).toBeLessThan(0.01);
  });

  it('a paper marked "not this" lowers its own margin', () => {
    const texture = cellularAutomataPapers(END, 3, 1)[3]!;
    const marked = learnTopicScorer(examples, [texture], drawScorerPool(index))!;
    const margin = (s: typeof marked) => scoreFeatures(compileScorer(s), scorerFeatures(texture));
    expect(margin(marked)).toBeLessThan(margin(stored!));
  });

  it('is undefined when the index is too small to place the thresholds', () => {
    const small = syntheticPapers(END, 10, 10, growth);
    expect(small.length / 2).toBeLessThan(MIN_HELD_OUT);
    expect(learnTopicScorer(examples, [], drawScorerPool(small))).toBeUndefined();
  });
});
