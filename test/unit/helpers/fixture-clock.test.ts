import { describe, expect, it } from 'vitest';
import { announcedAt, fixtureClock } from '../../e2e/fake-arxiv';

const MINUTE = 60_000;
const DAY = 86_400_000;
const day = (t: number) => Math.floor(t / DAY);

describe('the end-to-end fixtures’ clock', () => {
  // Every minute of a day, the time CI happens to start at.
  const nows = Array.from({ length: 24 * 60 }, (_, m) => Date.UTC(2026, 11, 4) + m * MINUTE + 17_000);

  it('keeps the newest background paper and the papers announced later on the day of end', () => {
    for (const now of nows) {
      const { end } = fixtureClock(now);
      expect(end).toBeLessThanOrEqual(now - 60 * MINUTE);
      expect(day(end - 35 * MINUTE), new Date(now).toISOString()).toBe(day(end));
      expect(day(announcedAt(end, 2)), new Date(now).toISOString()).toBe(day(end));
      expect(announcedAt(end, 0)).toBeGreaterThan(end);
    }
  });

  it('puts T at the end of the day before end’s day, as the extension’s cut-off does', () => {
    for (const now of nows) {
      const { end, T } = fixtureClock(now);
      expect(T + 1).toBe(day(end) * DAY);
    }
  });
});
