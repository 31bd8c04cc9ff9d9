import { describe, expect, it } from 'vitest';
import { bestFirst } from '@/lib/search/best-first';

/** Deterministic pseudo-random integers in [0, max) (mulberry32). */
function random(seed: number) {
  let a = seed;
  return (max: number) => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * max);
  };
}

describe('bestFirst: the best k items, best first', () => {
  it('equals the first k of a full sort, ties broken as the comparison says, for many sizes', () => {
    const next = random(7);
    for (const n of [0, 1, 2, 5, 50, 1000]) {
      // Few distinct scores, so ties are common and the second key decides.
      const score = Array.from({ length: n }, () => next(6));
      const better = (a: number, b: number) => (score[a] !== score[b] ? score[a]! > score[b]! : a < b);
      const sorted = Array.from({ length: n }, (_, i) => i).sort((a, b) => (better(a, b) ? -1 : 1));
      for (const k of [0, 1, 3, 20, n, n + 5])
        expect(bestFirst(n, k, better), `n ${n} k ${k}`).toEqual(sorted.slice(0, k));
    }
  });

  it('takes nothing for k <= 0', () => {
    expect(bestFirst(10, -1, (a, b) => a < b)).toEqual([]);
  });
});
