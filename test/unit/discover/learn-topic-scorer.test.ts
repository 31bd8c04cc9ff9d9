import { describe, expect, it } from 'vitest';
import {
  drawScorerPool,
  fitThreshold,
  learnTopicScorer,
  MIN_HELD_OUT,
  TOPIC_SCORER,
} from '@/lib/discover/learn-topic-scorer';
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

  it('with markFit, never lowers its thresholds, and keeps the weights', () => {
    const texture = cellularAutomataPapers(END, 3, 1)[3]!;
    const pool = drawScorerPool(index);
    const setting = { ...TOPIC_SCORER, markWeight: 0 };
    const placed = learnTopicScorer(examples, [texture], pool, scorerFeatures, setting)!;
    const fit = learnTopicScorer(examples, [texture], pool, scorerFeatures, { ...setting, markFit: 1 })!;
    expect(fit.weights).toEqual(placed.weights);
    expect(fit.queryThreshold).toBeGreaterThanOrEqual(placed.queryThreshold);
    expect(fit.threshold).toBeGreaterThanOrEqual(placed.threshold);
  });

  it('re-learned after a mark near the scorer shown (the product setting), moves the index against its cut less', () => {
    const texture = cellularAutomataPapers(END, 3, 1)[3]!;
    const pool = drawScorerPool(index);
    // How far each paper of the index moved against the cut a query match must pass, from the shown topic.
    const toCut = (s: NonNullable<typeof stored>) => {
      const c = compileScorer(s);
      return index.map((p) => scoreFeatures(c, scorerFeatures(p)) - c.queryThreshold);
    };
    const moved = (s: NonNullable<typeof stored>) => {
      const [before, after] = [toCut(stored!), toCut(s)];
      return before.reduce((sum, x, i) => sum + Math.abs(after[i]! - x), 0) / before.length;
    };
    const afresh = learnTopicScorer(examples, [texture], pool)!;
    const near = learnTopicScorer(examples, [texture], pool, scorerFeatures, TOPIC_SCORER, stored)!;
    expect(TOPIC_SCORER.proximal).toBeGreaterThan(0);
    expect(moved(near)).toBeLessThan(moved(afresh) * 0.8);
    // The mark still goes down.
    const margin = (s: typeof near) => scoreFeatures(compileScorer(s), scorerFeatures(texture));
    expect(margin(near)).toBeLessThan(margin(stored!));
  });

  it('is undefined when the index is too small to place the thresholds', () => {
    const small = syntheticPapers(END, 10, 10, growth);
    expect(small.length / 2).toBeLessThan(MIN_HELD_OUT);
    expect(learnTopicScorer(examples, [], drawScorerPool(small))).toBeUndefined();
  });
});

describe('fitThreshold', () => {
  const ranked = Array.from({ length: 1000 }, (_, i) => i / 100);

  it('is the quantile without marks or with markFit 0', () => {
    expect(fitThreshold(ranked, 0.9, [], 0.999)).toBe(9);
    expect(fitThreshold(ranked, 0.9, [9.5], 0)).toBe(9);
  });

  it('rises to the highest paper marked "not this", so it falls out, but not above the quantile markFit', () => {
    expect(fitThreshold(ranked, 0.9, [3, 9.5], 0.999)).toBe(9.5);
    expect(fitThreshold(ranked, 0.9, [12], 0.995)).toBe(9.95);
    expect(fitThreshold(ranked, 0.9, [5], 0.999)).toBe(9);
  });
});
