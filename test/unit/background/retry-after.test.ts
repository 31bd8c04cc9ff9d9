import { describe, expect, it } from 'vitest';
import { RETRY_ALARM } from '@/lib/background/scheduler';
import type { IndexStatus } from '@/lib/messages/schemas';
import { arxivHold } from '@/lib/store/db-settings';
import { openIndexDb } from '@/lib/store/open';
import { momentumFixture, syntheticPapers } from '../../e2e/fake-arxiv';
import { createTestBackground } from './app-harness';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 9, 15, 12);
const END = NOW - 60 * 60_000;
const T = (Math.floor(END / DAY) - 1) * DAY + DAY - 1;

async function filled() {
  const bg = createTestBackground(syntheticPapers(END, 84, 3, momentumFixture(T)), NOW);
  await bg.app.installed();
  await bg.app.idle();
  return bg;
}

const status = (bg: Awaited<ReturnType<typeof filled>>) => bg.call<IndexStatus>('status.get');

describe('Retry-After is honoured for 24 hours at most (issue 33, item 10)', () => {
  it('holds arXiv requests after a 503 asking to wait until 2099 for a day, across a reset and a restart, and says until when', async () => {
    const bg = await filled();
    bg.setReply(
      () =>
        new Response('busy', { status: 503, headers: { 'retry-after': 'Thu, 01 Jan 2099 00:00:00 GMT' } }),
    );
    await bg.call('index.refresh');
    await bg.app.idle();
    bg.setReply(undefined);
    const held = await status(bg);
    expect(held.nextRetryAt).toBeGreaterThan(NOW);
    expect(held.nextRetryAt).toBeLessThanOrEqual(NOW + DAY);
    expect(bg.alarms.get(RETRY_ALARM)?.when).toBe(held.nextRetryAt);
    const sent = bg.requests.length;

    await bg.call('index.reset');
    await bg.app.idle();
    await bg.restart();
    await bg.app.idle();
    expect(bg.requests.length).toBe(sent);
    // The status still says when the next request goes, though the reset emptied the index's state.
    expect((await status(bg)).nextRetryAt).toBe(held.nextRetryAt);

    bg.setNow(held.nextRetryAt!);
    await bg.app.alarm(RETRY_ALARM);
    await bg.app.idle();
    expect(bg.requests.length).toBeGreaterThan(sent);
    expect((await status(bg)).nextRetryAt).toBeUndefined();
  });

  it('lets a hold until 2099 kept by an earlier version go after a day at most', async () => {
    const bg = await filled();
    await arxivHold.write(await openIndexDb(), Date.UTC(2099, 0, 1));
    await bg.restart();
    await bg.call('index.refresh');
    await bg.app.idle();
    const held = await status(bg);
    expect(held.nextRetryAt).toBeLessThanOrEqual(NOW + DAY);
    const sent = bg.requests.length;
    bg.setNow(NOW + DAY);
    await bg.app.alarm(RETRY_ALARM);
    await bg.app.idle();
    expect(bg.requests.length).toBeGreaterThan(sent);
  });
});
