import { describe, expect, it } from 'vitest';
import { formatDay, formatMoment, formatRelative } from '@/components/format-date';

describe('dates out of range (issue 33, item 7)', () => {
  it.each([1e300, -1e20, 8.64e15 + 1, Number.NaN, Number.POSITIVE_INFINITY])(
    'formats %d as unknown, never throwing',
    (ms) => {
      expect(formatDay(ms)).toBe('unknown date');
      expect(formatMoment(ms, Date.UTC(2026, 9, 1))).toBe('unknown time');
      expect(formatRelative(ms, Date.UTC(2026, 9, 1))).toBe('unknown time');
    },
  );

  it('still formats the last day a Date can hold', () => {
    expect(formatDay(8.64e15)).toBe('Sep 13, 275760');
  });
});
