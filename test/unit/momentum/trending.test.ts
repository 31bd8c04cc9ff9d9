import { describe, expect, it } from 'vitest';
import { type CountIn, computeMomentum, DAY_MS, WINDOW_MS } from '../../../lib/momentum';
import {
  authorConcentration,
  type CategoryWindows,
  categoryBaseline,
  MIN_TRENDING_RECENT,
  rankTrending,
  shareRatioLowerBound,
  type TrendCandidate,
  weekConcentration,
} from '../../../lib/momentum/trending';

const T = Date.UTC(2026, 2, 1) - 1;
function windows(recent: number, previous: number): CountIn {
  return (from, to) => (from >= T - WINDOW_MS ? recent : to <= T - WINDOW_MS ? previous : recent + previous);
}
const momentum = (recent: number, previous: number, all = 3000) =>
  computeMomentum(windows(recent, previous), windows(all, all), T);

describe('shareRatioLowerBound', () => {
  it('ranks a large rise on many papers above a larger rise on a handful', () => {
    const few = shareRatioLowerBound(momentum(13, 1));
    const many = shareRatioLowerBound(momentum(60, 20));
    expect(many).toBeGreaterThan(few);
    expect(few).toBeGreaterThan(1);
    expect(shareRatioLowerBound(momentum(10, 10))).toBeLessThan(1);
  });

  it('measures share, not count: a topic that only grew with the index has no lower bound above 1', () => {
    const m = computeMomentum(windows(100, 70), windows(13_000, 9_100), T);
    expect(shareRatioLowerBound(m)).toBeLessThan(1);
  });
});

describe('weekConcentration', () => {
  it('finds 9 of 15 papers in one week', () => {
    const byWeek = [9, 2, 2, 2];
    const topic: CountIn = (from, to) => {
      const w = Math.round((T - to) / (7 * DAY_MS));
      return to - from === 7 * DAY_MS ? (byWeek[w] ?? 0) : 0;
    };
    expect(weekConcentration(topic, T)).toEqual({ share: 9 / 15, count: 9 });
  });
});

describe('authorConcentration', () => {
  it('counts each author once per paper and finds the busiest', () => {
    const result = authorConcentration([
      { authors: ['A', 'B'] },
      { authors: ['A', 'A'] },
      { authors: ['C'] },
      { authors: ['A'] },
    ]);
    expect(result).toEqual({ author: 'A', count: 3, share: 0.75 });
    expect(authorConcentration([])).toEqual({ author: null, count: 0, share: 0 });
  });
});

describe('rankTrending', () => {
  const candidate = (
    topic: string,
    recent: number,
    previous: number,
    burstWeek?: number,
  ): TrendCandidate => ({
    topic,
    momentum: momentum(recent, previous),
    ...(burstWeek === undefined ? {} : { burstWeek }),
  });

  it('keeps significant rises with enough papers, best bound first, bursts last', () => {
    const ranked = rankTrending([
      candidate('tiny', MIN_TRENDING_RECENT - 1, 0),
      candidate('scene-13-vs-1', 13, 1),
      candidate('steady', 50, 48),
      candidate('big', 60, 20),
      candidate('burst', 90, 20, 60),
      candidate('mid', 28, 7),
    ]);
    expect(ranked.map((c) => c.topic)).toEqual(['big', 'mid', 'scene-13-vs-1', 'burst']);
  });
});

describe('trending against what the index is made of', () => {
  // Equal-sized index windows (8,000 papers each), but cs.CV cross-lists jumped from 1,900 to 2,500 of them.
  const ALL = 8000;
  const CATEGORIES: CategoryWindows = (c) =>
    ({
      'cs.CV': { recent: 2500, previous: 1900 },
      'cs.LG': { recent: 4000, previous: 4000 },
      'cs.CL': { recent: 2600, previous: 2800 },
      'cs.AI': { recent: 5000, previous: 5000 },
    })[c];
  /** `recent` papers in the last four weeks and `previous` in the four before, all listing `categories`. */
  const papers = (recent: number, previous: number, categories: string[]) => [
    ...Array.from({ length: recent }, () => ({ categories, published: T - DAY_MS })),
    ...Array.from({ length: previous }, () => ({ categories, published: T - 30 * DAY_MS })),
  ];
  /** A topic with `recent` vs `previous` papers, all listing `categories`, ranked against them. */
  const topic = (id: string, recent: number, previous: number, categories: string[]): TrendCandidate => {
    const m = momentum(recent, previous, ALL);
    const baseline = categoryBaseline(papers(recent, previous, categories), CATEGORIES, m, T);
    return { topic: id, momentum: m, baseline };
  };
  // Vision topics that only kept their place among cs.CV papers, and two that rose inside their own.
  const candidates = [
    topic('3d-scene-understanding', 105, 80, ['cs.CV', 'cs.LG']),
    topic('image-segmentation', 158, 120, ['cs.CV', 'cs.AI']),
    topic('3d-gaussian-splatting', 92, 70, ['cs.CV']),
    topic('agentic-rl', 60, 40, ['cs.LG', 'cs.AI']),
    topic('video-world-models', 90, 40, ['cs.CV', 'cs.LG']),
  ];

  it('every candidate rises against the whole index (the trend as DESIGN.md defines it)', () => {
    expect(candidates.map((c) => c.momentum.trend)).toEqual([
      'rising',
      'rising',
      'rising',
      'rising',
      'rising',
    ]);
    // Ranked against the whole index, the vision topics that only followed cs.CV are all in.
    const plain = rankTrending(candidates.map(({ baseline: _b, ...c }) => c)).map((c) => c.topic);
    expect(plain).toEqual(expect.arrayContaining(['3d-scene-understanding', 'image-segmentation']));
    expect(plain.indexOf('image-segmentation')).toBeLessThan(plain.indexOf('agentic-rl'));
  });

  it('ranks each topic against its own categories: a rise of cs.CV cross-lists makes no vision topic trend', () => {
    expect(rankTrending(candidates).map((c) => c.topic)).toEqual(['video-world-models', 'agentic-rl']);
  });

  it("takes each paper's most specific category, less the topic's own papers, smoothed towards the index", () => {
    const m = momentum(10, 10, ALL);
    // cs.CV (4,400 papers) is more specific than cs.LG (8,000); the topic's 3 + 1 papers are left out of it.
    expect(categoryBaseline(papers(3, 1, ['cs.LG', 'cs.CV']), CATEGORIES, m, T)).toBeCloseTo(
      (2497 + 20 * 0.5) / (4396 + 20),
      12,
    );
    expect(categoryBaseline(papers(2, 2, ['q-bio.NC']), CATEGORIES, m, T)).toBe(0.5);
    expect(categoryBaseline([], CATEGORIES, m, T)).toBe(0.5);
  });
});
