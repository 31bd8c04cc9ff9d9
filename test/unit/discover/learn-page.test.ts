import { describe, expect, it } from 'vitest';
import { LEARN_PREVIEW_ROWS, untaughtRows } from '@/lib/discover/learn-page';

describe('untaughtRows (the learn preview)', () => {
  const newest = Array.from({ length: 40 }, (_, i) => ({ id: `2610.${String(10000 + i)}` }));

  it('leaves the examples and the papers marked "not this" out, and shows the next newest in their place', () => {
    const rows = untaughtRows(newest, [newest[0]!.id, newest[2]!.id], [newest[1]!.id]);
    expect(rows).toHaveLength(LEARN_PREVIEW_ROWS);
    expect(rows[0]).toBe(newest[3]);
    expect(rows.at(-1)).toBe(newest[LEARN_PREVIEW_ROWS + 2]);
  });

  it('shows fewer rows when fewer papers match', () => {
    expect(untaughtRows(newest.slice(0, 4), [newest[0]!.id], [])).toEqual(newest.slice(1, 4));
  });
});
