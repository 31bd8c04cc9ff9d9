import { describe, expect, it } from 'vitest';
import { bestFirst } from '@/lib/search/best-first';
import { random } from '../helpers/random';

describe('bestFirst: the best k items, best first', () => {
  it('equals the first k of a full sort, ties broken as the comparison says, for many sizes', () => {
    const rand = random(7);
    const next = (max: number) => Math.floor(rand() * max);
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
