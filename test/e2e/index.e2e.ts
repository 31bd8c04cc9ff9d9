import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type FakeArxiv,
  fixtureClock,
  installFakeArxiv,
  momentumFixture,
  syntheticPapers,
} from './fake-arxiv';
import { ask, type Extension, launchExtension, PopupPage } from './harness';

const DAY = 86_400_000;

describe('the topic index, filled from a fake arXiv in Chromium', () => {
  let ext: Extension;
  let arxiv: FakeArxiv;
  // The newest paper is an hour old; T is the end of the day before its day.
  const { end, T } = fixtureClock();
  const topicPapers = momentumFixture(T);
  const papers = syntheticPapers(end, 84, 5, topicPapers);

  beforeAll(async () => {
    ext = await launchExtension();
    arxiv = await installFakeArxiv(ext.context, papers);
  });
  afterAll(async () => {
    await ext?.close();
  });

  it('backfills by itself on install, reporting progress, and ends with every paper indexed once', async () => {
    const popup = await PopupPage.open(ext);
    const seen: number[] = [];
    await expect
      .poll(
        async () => {
          const status = await ask<{ papers: number; progress: number; running: boolean }>(
            popup.page,
            'status.get',
            {},
          );
          seen.push(status.progress);
          return status.progress === 1 && !status.running ? status.papers : -1;
        },
        { timeout: 60_000, interval: 500 },
      )
      .toBe(papers.length);
    expect(seen.some((p) => p > 0 && p < 1) || arxiv.requests.length <= 3).toBe(true);
  });

  it('computes momentum exactly: 28 papers against 7 is +300% and rising', async () => {
    const popup = await PopupPage.open(ext);
    const topic = await ask<{
      summary: {
        momentum: { recent: number; previous: number; change: number; trend: string; share: number };
      };
      total: number;
      index: { cutoff: number };
    }>(popup.page, 'topic.get', { id: 'agentic-rl', offset: 0, limit: 5 });
    expect(topic.index.cutoff).toBe(T);
    expect(topic.summary.momentum).toMatchObject({ recent: 28, previous: 7, change: 3, trend: 'rising' });
    const recentAll = papers.filter((p) => p.published > T - 28 * DAY && p.published <= T).length;
    expect(topic.summary.momentum.share).toBeCloseTo(28 / recentAll, 10);
    expect(topic.total).toBe(35);
  });

  it('never sent two arXiv requests less than 3 s apart, and only to the API endpoint', async () => {
    expect(arxiv.requests.length).toBeGreaterThanOrEqual(3);
    expect(arxiv.requests.every((r) => r.url.startsWith('https://export.arxiv.org/api/query?'))).toBe(true);
    // Start times as the service worker itself saw them (Resource Timing), free of interception delays.
    const starts = await ext.worker.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .filter((e) => e.name.startsWith('https://export.arxiv.org/'))
        .map((e) => e.startTime),
    );
    expect(starts.length).toBe(arxiv.requests.length);
    for (let i = 1; i < starts.length; i++) expect(starts[i]! - starts[i - 1]!).toBeGreaterThanOrEqual(3000);
  });
});
