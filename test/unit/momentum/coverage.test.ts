import { describe, expect, it } from 'vitest';
import { computeMomentum, countInSorted, DAY_MS } from '@/lib/momentum';
import { coverageOf, heldByFile, holdsAll } from '@/lib/momentum/coverage';
import { createMomentumIndex } from '@/lib/momentum/momentum-index';
import { ALL_TOPICS } from '@/lib/store/schema';

const T = Date.UTC(2026, 2, 29, 23, 59, 59, 999);
const W = 28 * DAY_MS;
/** The previous window, first and last millisecond. */
const PREV = [T - 2 * W + 1, T - W] as const;

describe('holdsAll: whether the index held a window for some categories', () => {
  const holdings = {
    'cs.AI': { coveredFrom: T - 12 * 7 * DAY_MS, pending: [] },
    'cs.LG': { coveredFrom: T - 40 * DAY_MS, pending: [] }, // starts inside the previous window
    'cs.CL': {
      coveredFrom: T - 12 * 7 * DAY_MS,
      pending: [{ from: T - 12 * 7 * DAY_MS, to: T - 45 * DAY_MS }],
    },
  };

  it.each([
    [['cs.AI'], true],
    [['cs.LG'], false],
    [['cs.CL'], false], // backfill still to reach back over it
    [['cs.AI', 'cs.LG'], false],
    [['cs.RO'], false], // never planned
    [[], false],
  ])('%j -> %s', (categories, held) => {
    expect(holdsAll(holdings, categories, ...PREV)).toBe(held);
  });

  it('a gap outside the window (a refresh still to fetch at the top) does not count', () => {
    const refreshing = {
      'cs.AI': { coveredFrom: T - 90 * DAY_MS, pending: [{ from: T - 2 * DAY_MS, to: T + DAY_MS }] },
    };
    expect(holdsAll(refreshing, ['cs.AI'], ...PREV)).toBe(true);
    expect(holdsAll(refreshing, ['cs.AI'], T - W + 1, T)).toBe(false);
  });
});

describe('"new" needs an indexed baseline', () => {
  const five = countInSorted([1, 2, 3, 4, 5].map((d) => T - d * DAY_MS));
  const all = countInSorted(
    Array.from({ length: 560 }, (_, i) => T - (i + 0.5) * 0.1 * DAY_MS).sort((a, b) => a - b),
  );

  it('a topic with no papers before is new only when the previous window was held', () => {
    const asked: number[][] = [];
    const held = computeMomentum(five, all, T, (from, to) => {
      asked.push([from, to]);
      return true;
    });
    expect(held).toMatchObject({ recent: 5, previous: 0, trend: 'new', previousIndexed: true });
    expect(asked).toEqual([[...PREV]]);
    const notHeld = computeMomentum(five, all, T, () => false);
    expect(notHeld).toMatchObject({ recent: 5, previous: 0, trend: 'steady', previousIndexed: false });
  });

  it('on an index that starts inside the previous window, nothing is new; once it reaches back, it is', () => {
    const day = (t: number) => Math.floor(t / DAY_MS);
    const counts = new Map([
      [ALL_TOPICS, new Map(Array.from({ length: 40 }, (_, d) => [day(T) - d, 10] as [number, number]))],
      [
        '3d-scene-understanding',
        new Map([1, 2, 3, 5, 8, 13].map((d) => [day(T) - d, 2] as [number, number])),
      ],
    ]);
    // The backfill began 40 days before T: the four weeks before the last four are only partly indexed.
    const inside = { 'cs.AI': { coveredFrom: T - 40 * DAY_MS, pending: [] } };
    const index = createMomentumIndex(counts, coverageOf(inside, ['cs.AI']));
    const before = index.generation();
    expect(index.momentum('3d-scene-understanding')).toMatchObject({
      recent: 12,
      previous: 0,
      trend: 'steady',
    });
    // A backfill that reached back over the whole window: the same counts are now a new topic.
    index.setCoverage(coverageOf({ 'cs.AI': { coveredFrom: T - 84 * DAY_MS, pending: [] } }, ['cs.AI']));
    expect(index.generation()).not.toBe(before);
    expect(index.momentum('3d-scene-understanding')).toMatchObject({ recent: 12, previous: 0, trend: 'new' });
  });

  it('a file holds each category from the day of its earliest paper; a topic by the categories of its papers', () => {
    const held = heldByFile(
      new Map([
        ['', T - 70 * DAY_MS],
        ['cs.AI', T - 70 * DAY_MS],
        ['cs.CV', T - 20 * DAY_MS],
      ]),
    );
    // Every recent paper lists a category held since before the window: a paper like them would be there.
    expect(held([['cs.CV', 'cs.AI'], ['cs.AI']])(...PREV)).toBe(true);
    // One lists only a category the file holds from 20 days before T.
    expect(held([['cs.CV', 'cs.AI'], ['cs.CV']])(...PREV)).toBe(false);
    expect(held([[]])(...PREV)).toBe(true);
  });
});
