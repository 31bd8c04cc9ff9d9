import { describe, expect, it } from 'vitest';
import { type CountIn, computeMomentum, DAY_MS, WINDOW_MS } from '../../../lib/momentum';
import {
  authorConcentration,
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
