import { describe, expect, it } from 'vitest';
import type { TopicSummary } from '@/lib/messages/schemas';
import { DEFAULT_SETTINGS } from '@/lib/settings';
import { agenticPaper, syntheticPapers } from '../../e2e/fake-arxiv';
import { createTestBackground } from './app-harness';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 9, 15, 12);
const END = NOW - 60 * 60_000;
const T = (Math.floor(END / DAY) - 1) * DAY + DAY - 1;

// Six agentic-RL papers in the last four weeks and none in the four before.
const FRESH = Array.from({ length: 6 }, (_, i) => agenticPaper(i, T - (i * 3 + 1) * DAY));

async function filled(historyWeeks: number) {
  const bg = createTestBackground(syntheticPapers(END, 84, 3, FRESH), NOW);
  await bg.setSettings({ ...DEFAULT_SETTINGS, historyWeeks });
  await bg.app.installed();
  await bg.app.idle();
  return bg;
}

const agentic = async (bg: Awaited<ReturnType<typeof filled>>) =>
  (await bg.call<{ summary: TopicSummary }>('topic.get', { id: 'agentic-rl', offset: 0, limit: 1 })).summary
    .momentum;

describe('"new" in the extension needs the index to have covered the previous window', () => {
  it('an index that starts inside the previous window (8 weeks back from install) calls nothing new', async () => {
    // Eight weeks before install is a day and a half after T - 56 days: the window's first days were never fetched.
    const bg = await filled(8);
    expect(await agentic(bg)).toMatchObject({
      recent: 6,
      previous: 0,
      trend: 'steady',
      previousIndexed: false,
    });
    // Days later, refreshes have moved T on: the previous window now lies inside what was fetched.
    bg.setNow(NOW + 3 * DAY);
    bg.papers.push(agenticPaper(50, NOW + 2 * DAY));
    await bg.app.alarm('pp-refresh');
    await bg.app.idle();
    expect(await agentic(bg)).toMatchObject({ previous: 0, trend: 'new', previousIndexed: true });
  });

  it('an index that reaches back over both windows (12 weeks) calls the topic new', async () => {
    const bg = await filled(12);
    expect(await agentic(bg)).toMatchObject({ recent: 6, previous: 0, trend: 'new', previousIndexed: true });
  });
});
