import { describe, expect, it } from 'vitest';
import { formatChange, formatShare, type Momentum, momentumSentence } from '../../../lib/momentum';

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

describe('momentumSentence', () => {
  it('says count, change and share', () => {
    expect(momentumSentence(m(28, 7, 9333), 'cs.AI, cs.LG, cs.CL')).toBe(
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
    [m(1, 2), '1 paper in the last four weeks, down 50% on the four weeks before. 0.01% of all new papers.'],
    [
      m(4, 0),
      '4 papers in the last four weeks, new: none in the four weeks before. 0.04% of all new papers.',
    ],
    [m(0, 1), 'No papers in the last four weeks, down from 1 paper in the four weeks before.'],
    [m(0, 6), 'No papers in the last four weeks, down from 6 papers in the four weeks before.'],
    [m(0, 0), 'No papers in the last eight weeks.'],
    [m(0, 0, 0), 'No papers in the last eight weeks.'],
    [m(3, 1, 0), '3 papers in the last four weeks, up 200% on the four weeks before.'],
    [
      m(1201, 1200, 40_000),
      '1,201 papers in the last four weeks, up <1% on the four weeks before. 3% of all new papers.',
    ],
    [
      m(1, 3, 1_000_000),
      '1 paper in the last four weeks, down 67% on the four weeks before. <0.01% of all new papers.',
    ],
  ])('%#: %s', (momentum, expected) => {
    expect(momentumSentence(momentum)).toBe(expected);
  });
});

describe('formatChange', () => {
  it.each([
    [m(28, 7), '+300%'],
    [m(6, 10), '-40%'],
    [m(4, 0), 'new'],
    [m(0, 0), '±0%'],
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
