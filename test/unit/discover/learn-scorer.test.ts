import { describe, expect, it } from 'vitest';
import { trainScorer } from '@/lib/discover/learn-scorer';
import { scoreFeatures, scorerFeatures } from '@/lib/topics/scoring/topic-scorer';

const niche = (i: number) => ({
  title: `Neural cellular automata for ${['growth', 'repair', 'textures', 'morphogenesis', 'patterns'][i % 5]}`,
  abstract: `We train neural cellular automata whose local update rule grows a target pattern ${i}.`,
});
const other = (i: number) => ({
  title: `A ${['graph', 'speech', 'vision', 'retrieval', 'robot'][i % 5]} model for estimation ${i}`,
  abstract: `We study a ${['graph', 'speech', 'vision', 'retrieval', 'robot'][i % 5]} estimation problem and report results on standard data ${i}.`,
});

describe('scorerFeatures', () => {
  it('has words and adjacent pairs, without stop words, of unit length', () => {
    const f = scorerFeatures({ title: 'Growing the Cellular Automata', abstract: 'Cellular automata grow.' });
    expect(f.has('cellular automata')).toBe(true);
    expect(f.has('growing cellular')).toBe(true);
    expect(f.has('the')).toBe(false);
    const norm = Math.sqrt([...f.values()].reduce((s, v) => s + v * v, 0));
    expect(norm).toBeCloseTo(1, 9);
    // Title words count twice: above an abstract-only word.
    expect(f.get('automata')!).toBeGreaterThan(f.get('grow')!);
  });
});

describe('trainScorer', () => {
  const positives = Array.from({ length: 5 }, (_, i) => scorerFeatures(niche(i)));
  const negatives = Array.from({ length: 200 }, (_, i) => scorerFeatures(other(i)));

  it('ranks unseen papers of the examples above unseen others', () => {
    const scorer = trainScorer(positives, negatives);
    const inside = [5, 6, 7].map((i) => scoreFeatures(scorer, scorerFeatures(niche(i))));
    const outside = [300, 301, 302].map((i) => scoreFeatures(scorer, scorerFeatures(other(i))));
    expect(Math.min(...inside)).toBeGreaterThan(Math.max(...outside));
    expect(Math.min(...inside)).toBeGreaterThan(0);
    expect(Math.max(...outside)).toBeLessThan(0);
  });

  it('is deterministic and keeps at most maxWeights weights', () => {
    const a = trainScorer(positives, negatives, { maxWeights: 20 });
    const b = trainScorer(positives, negatives, { maxWeights: 20 });
    expect(a.weights.size).toBe(20);
    expect([...a.weights]).toEqual([...b.weights]);
    expect(a.bias).toBe(b.bias);
  });

  it('a paper marked "not this" among the negatives is pushed down', () => {
    const marked = scorerFeatures({
      title: 'Neural cellular automata hardware accelerators',
      abstract: 'We design hardware accelerators for neural cellular automata inference.',
    });
    const before = scoreFeatures(trainScorer(positives, negatives), marked);
    const after = scoreFeatures(trainScorer(positives, [...negatives, marked]), marked);
    expect(after).toBeLessThan(before);
  });

  it('a paper marked "not this" weighs as an example does, far more than one background paper', () => {
    const marked = scorerFeatures({
      title: 'Neural cellular automata hardware accelerators',
      abstract: 'We design hardware accelerators for neural cellular automata inference.',
    });
    const asBackground = scoreFeatures(trainScorer(positives, [...negatives, marked]), marked);
    const asMark = scoreFeatures(trainScorer(positives, negatives, {}, [marked]), marked);
    expect(asMark).toBeLessThan(asBackground - 1);
    expect(asMark).toBeLessThan(0);
    // Weighed as heavily as all five examples, it goes lower still; the examples' own papers stay above.
    const heavy = trainScorer(positives, negatives, { markWeight: 5 }, [marked]);
    expect(scoreFeatures(heavy, marked)).toBeLessThan(asMark);
    expect(scoreFeatures(heavy, scorerFeatures(niche(7)))).toBeGreaterThan(0);
  });

  it('re-learned near a prior scorer, a mark moves the unmarked papers against each other less than afresh', () => {
    const marked = scorerFeatures({
      title: 'Neural cellular automata hardware accelerators',
      abstract: 'We design hardware accelerators for neural cellular automata inference.',
    });
    const shown = trainScorer(positives, negatives);
    const afresh = trainScorer(positives, negatives, {}, [marked]);
    const near = trainScorer(positives, negatives, { prior: shown, proximal: 0.3 }, [marked]);
    const unmarked = [...[5, 6, 7].map(niche), ...[300, 301, 302].map(other)].map(scorerFeatures);
    // How far each margin moved; the bias (not held) shifts them all alike, which a quantile absorbs.
    const deltas = (s: typeof shown, xs: typeof unmarked) =>
      xs.map((x) => scoreFeatures(s, x) - scoreFeatures(shown, x));
    const spread = (s: typeof shown) => Math.max(...deltas(s, unmarked)) - Math.min(...deltas(s, unmarked));
    expect(spread(near)).toBeLessThan(spread(afresh) / 4);
    // The mark still goes down below every unmarked paper's move; the examples' unseen papers stay in.
    expect(deltas(near, [marked])[0]!).toBeLessThan(Math.min(...deltas(near, unmarked)));
    expect(Math.min(...[5, 6, 7].map((i) => scoreFeatures(near, scorerFeatures(niche(i)))))).toBeGreaterThan(
      0,
    );
    // Without a prior the option does nothing.
    expect(trainScorer(positives, negatives, { proximal: 0.3 }, [marked])).toEqual(afresh);
  });
});
