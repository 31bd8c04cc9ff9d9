import { describe, expect, it } from 'vitest';
import { afterPage, coveredSince, planSync } from '@/lib/ingest/plan';
import { EMPTY_SYNC } from '@/lib/store/sync-types';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 0, 15);
const settings = { categories: ['cs.AI', 'cs.CL'], historyWeeks: 12 };

describe('coveredSince', () => {
  it('is unknown before a backfill is planned, and the fetched edge while one runs', () => {
    expect(coveredSince(EMPTY_SYNC, settings.categories)).toBeUndefined();
    const planned = planSync(EMPTY_SYNC, settings, NOW, false);
    const start = NOW - 12 * 7 * DAY;
    // Nothing fetched yet: covered from now on only.
    expect(coveredSince(planned, settings.categories)).toBe(NOW);
    // cs.AI fetched back to 30 days ago, cs.CL not at all: the later edge holds.
    const task = planned.categories['cs.AI']!.pending[0]!;
    const halfway = afterPage(planned, 'cs.AI', task, { complete: false, oldest: NOW - 30 * DAY });
    expect(coveredSince(halfway, ['cs.AI'])).toBe(NOW - 30 * DAY);
    const ai = afterPage(halfway, 'cs.AI', halfway.categories['cs.AI']!.pending[0]!, { complete: true });
    const both = afterPage(ai, 'cs.CL', planned.categories['cs.CL']!.pending[0]!, { complete: true });
    expect(coveredSince(both, settings.categories)).toBe(start);
  });

  it('starts with the history window, not before it, and moves back when the window grows and is fetched', () => {
    const done = (state: ReturnType<typeof planSync>) => {
      let s = state;
      for (const c of settings.categories) {
        while (s.categories[c]!.pending[0]) {
          s = afterPage(s, c, s.categories[c]!.pending[0]!, { complete: true });
        }
      }
      return s;
    };
    const twelve = done(planSync(EMPTY_SYNC, settings, NOW, false));
    expect(coveredSince(twelve, settings.categories)).toBe(NOW - 84 * DAY);
    const growing = planSync(twelve, { ...settings, historyWeeks: 16 }, NOW, false);
    expect(coveredSince(growing, settings.categories)).toBe(NOW - 84 * DAY);
    expect(coveredSince(done(growing), settings.categories)).toBe(NOW - 112 * DAY);
    // A refresh pending at the newest end leaves the history as it was.
    const refreshing = planSync(
      {
        ...twelve,
        categories: { ...twelve.categories, 'cs.AI': { ...twelve.categories['cs.AI']!, newest: NOW } },
      },
      settings,
      NOW + DAY,
      true,
    );
    expect(coveredSince(refreshing, ['cs.AI'])).toBe(NOW - 84 * DAY);
  });
});
