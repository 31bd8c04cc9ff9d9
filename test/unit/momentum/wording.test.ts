import { describe, expect, it } from 'vitest';
import {
  type CountIn,
  computeMomentum,
  formatChange,
  formatShare,
  type Momentum,
  momentumSentence,
  WINDOW_MS,
} from '../../../lib/momentum';
import { describeMomentum, shareBefore } from '../../../lib/momentum/wording';

function m(recent: number, previous: number, allRecent = 10_000): Momentum {
  return {
    recent,
    previous,
    change: previous === 0 ? null : recent / previous - 1,
    share: allRecent === 0 ? null : recent / allRecent,
    trend: 'steady',
    p: null,
    allRecent,
    allPrevious: allRecent,
  };
}

/** A momentum as computeMomentum gives it for these counts (equal-sized index windows unless told). */
function real(recent: number, previous: number, allRecent = 10_000, allPrevious = allRecent): Momentum {
  return computeMomentum(windows(recent, previous), windows(allRecent, allPrevious), T);
}

const T = Date.UTC(2026, 2, 1);
function windows(recent: number, previous: number): CountIn {
  return (from, to) => (from >= T - WINDOW_MS ? recent : to <= T - WINDOW_MS ? previous : recent + previous);
}

describe('momentumSentence', () => {
  it('says count, change and share', () => {
    expect(momentumSentence({ ...m(28, 7, 9333), trend: 'rising' }, 'cs.AI, cs.LG, cs.CL')).toBe(
      '28 papers in the last four weeks, up 300% on the four weeks before. 0.3% of all new papers in cs.AI, cs.LG, cs.CL.',
    );
  });

  it.each([
    [
      m(8, 10),
      '8 papers in the last four weeks, down 20% on the four weeks before. 0.08% of all new papers.',
    ],
    [
      m(5, 5),
      '5 papers in the last four weeks, no change on the four weeks before. 0.05% of all new papers.',
    ],
    [
      m(1, 2),
      '1 paper in the last four weeks, down 50% on the four weeks before. Not a trend: too few papers to call. 0.01% of all new papers.',
    ],
    [
      { ...m(4, 0), trend: 'new' as const },
      '4 papers in the last four weeks, new: none in the four weeks before. 0.04% of all new papers.',
    ],
    [
      m(2, 0),
      '2 papers in the last four weeks, none in the four weeks before. Not a trend: too few papers to call. 0.02% of all new papers.',
    ],
    [
      m(0, 1),
      'No papers in the last four weeks, down from 1 paper in the four weeks before. Not a trend: too few papers to call.',
    ],
    [m(0, 0), 'No papers in the last eight weeks.'],
    [m(0, 0, 0), 'No papers in the last eight weeks.'],
    [
      m(1201, 1200, 40_000),
      '1,201 papers in the last four weeks, up <1% on the four weeks before. 3% of all new papers.',
    ],
  ])('%#: %s', (momentum, expected) => {
    expect(momentumSentence(momentum)).toBe(expected);
  });

  it('adds the share before when the index itself changed size by more than 10%', () => {
    // 46 vs 56 papers while the index grew 29% (3,088 vs 2,394): the share fell from 2.3% to 1.5%.
    const grown = real(46, 56, 3088, 2394);
    expect(momentumSentence(grown)).toBe(
      '46 papers in the last four weeks, down 18% on the four weeks before. 1.5% of all new papers, 2.3% before.',
    );
    expect(shareBefore(real(46, 56, 3088, 2900))).toBeNull();
  });

  it('says a count change that only follows the index is not a trend', () => {
    const view = describeMomentum(real(100, 70, 13_000, 9_500));
    expect(view.trend).toBe('steady');
    expect(view.change).toBe('steady');
    expect(view.verdict).toBe(
      'Steady: 100 vs 70 papers, last four weeks vs the four before: in step with the whole index',
    );
  });
});

describe('describeMomentum: one rule for word, arrow, colour and sentence', () => {
  const C = 'papers, last four weeks vs the four before';
  it.each([
    [real(28, 7), 'rising', 'up', '+300%', `Rising: up 300%, 28 vs 7 ${C}`],
    [real(12, 40), 'cooling', 'down', '-70%', `Cooling: down 70%, 12 vs 40 ${C}`],
    [real(5, 0), 'new', 'up', 'new', 'New: 5 papers in the last four weeks, none in the four before'],
    [real(5, 2), 'steady', null, 'steady', `Steady: 5 vs 2 ${C}: too few papers to call`],
    [real(2, 0), 'steady', null, 'steady', `Steady: 2 vs 0 ${C}: too few papers to call`],
    [real(0, 3), 'steady', null, 'steady', `Steady: 0 vs 3 ${C}: too few papers to call`],
    [real(46, 42), 'steady', null, 'steady', `Steady: 46 vs 42 ${C}: a small change`],
    [real(7, 7), 'steady', null, 'steady', `Steady: 7 vs 7 ${C}: no change`],
    [real(0, 0), 'steady', null, 'no papers', 'No papers in the last eight weeks'],
  ])('%#: %o', (momentum, trend, arrow, change, verdict) => {
    const view = describeMomentum(momentum);
    expect(view).toMatchObject({ trend, arrow, change, verdict });
    // A steady badge shows no percentage and its verdict no trend word nor a change that reads as one.
    if (view.trend === 'steady') {
      expect(view.change).not.toMatch(/%/);
      expect(view.verdict).not.toMatch(/Rising|Cooling|up \d|down \d|%/);
    }
  });

  it('says a topic without earlier papers is not new when the index did not hold the four weeks before', () => {
    const view = describeMomentum({ ...real(11, 0), trend: 'steady', previousIndexed: false });
    expect(view.change).toBe('steady');
    expect(view.verdict).toBe(`Steady: 11 vs 0 ${C}: the index does not cover the four weeks before`);
    expect(momentumSentence({ ...real(11, 0), trend: 'steady', previousIndexed: false })).toBe(
      '11 papers in the last four weeks, none in the four weeks before. Not a trend: the index does not cover the four weeks before. 0.1% of all new papers.',
    );
  });
});

describe('formatChange', () => {
  it.each([
    [m(28, 7), '+300%'],
    [m(6, 10), '-40%'],
    [{ ...m(4, 0), trend: 'new' as const }, 'new'],
    [m(0, 0), 'no papers'],
    [m(7, 7), '±0%'],
    [m(0, 5), '-100%'],
    [m(1201, 1200), '+<1%'],
    [m(2, 3), '-33%'],
    [m(1, 8), '-88%'],
    [m(150, 10), '+1,400%'],
  ])('%#: %s', (momentum, expected) => {
    expect(formatChange(momentum)).toBe(expected);
  });
});

describe('formatShare', () => {
  it.each([
    [0, '0%'],
    [0.003, '0.3%'],
    [0.00034, '0.03%'],
    [0.0000999, '<0.01%'],
    [0.0001, '0.01%'],
    [0.0096, '1%'],
    [0.025, '2.5%'],
    [0.03, '3%'],
    [0.1234, '12%'],
    [1, '100%'],
  ])('%d -> %s', (share, expected) => {
    expect(formatShare(share)).toBe(expected);
  });
});
