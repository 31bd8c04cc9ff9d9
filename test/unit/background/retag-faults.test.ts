import { afterEach, describe, expect, it } from 'vitest';
import { RETRY_ALARM } from '@/lib/background/scheduler';
import type { IndexStatus } from '@/lib/messages/schemas';
import { searchState } from '@/lib/search/search-state';
import { openIndexDb } from '@/lib/store/open';
import { momentumFixture, syntheticPapers } from '../../e2e/fake-arxiv';
import { failRetagWrites, failStore, watchUnhandledRejections } from '../helpers/store-faults';
import { createTestBackground } from './app-harness';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 9, 15, 12);
const END = NOW - 60 * 60_000;
const T = (Math.floor(END / DAY) - 1) * DAY + DAY - 1;
const MINE = { name: 'Agentic (mine)', query: 'ti:"agentic reinforcement learning"' };

async function filled() {
  const bg = createTestBackground(syntheticPapers(END, 84, 3, momentumFixture(T)), NOW);
  await bg.app.installed();
  await bg.app.idle();
  return bg;
}

const faults: { restore(): void }[] = [];
afterEach(() => {
  for (const fault of faults.splice(0)) fault.restore();
});

describe('a full disk while re-tagging (issue 33, item 2)', () => {
  it('ends the pass with the error in the status and a retry alarm, leaves nothing unhandled, and re-tags on the retry', async () => {
    const bg = await filled();
    const unhandled = watchUnhandledRejections();
    faults.push(failRetagWrites());
    // A new custom topic: every paper is tagged again, and the first re-tag write finds the disk full.
    await bg.call('userTopics.save', MINE);
    await bg.app.idle();
    expect(await unhandled.settled()).toEqual([]);
    const status = await bg.call<IndexStatus>('status.get');
    expect(status.lastError?.message).toMatch(/re-tag.*quota/i);
    expect(status.nextRetryAt).toBeGreaterThan(NOW);
    expect(bg.alarms.get(RETRY_ALARM)?.when).toBe(status.nextRetryAt);

    faults.pop()?.restore();
    bg.setNow(status.nextRetryAt!);
    await bg.app.alarm(RETRY_ALARM);
    await bg.app.idle();
    const after = await bg.call<IndexStatus>('status.get');
    expect(after.lastError).toBeUndefined();
    expect(bg.alarms.has(RETRY_ALARM)).toBe(false);
    expect((await bg.call<{ total: number }>('topic.get', { id: 'user-agentic-mine' })).total).toBe(35);
    expect(await unhandled.settled()).toEqual([]);
    unhandled.stop();
  });
});

describe('a full disk while building the search index (issue 33, item 2, with the stored search of issue 35)', () => {
  it('ends the pass with the error in the status and a retry alarm, and builds the index on the retry', async () => {
    const bg = await filled();
    const unhandled = watchUnhandledRejections();
    // A build of the extension with another search format: the index is emptied and built again, and the
    // first chunk of postings finds the disk full.
    const db = await openIndexDb();
    await searchState.write(db, { ...(await searchState.read(db)), format: 0 });
    faults.push(failStore('searchPostings', 'put'));
    await bg.restart();
    await bg.app.idle();
    expect(await unhandled.settled()).toEqual([]);
    const status = await bg.call<IndexStatus>('status.get');
    expect(status.lastError?.message).toMatch(/search index.*quota/i);
    expect(status.upkeep).toBeUndefined();
    expect(status.nextRetryAt).toBeGreaterThan(NOW);
    expect(bg.alarms.get(RETRY_ALARM)?.when).toBe(status.nextRetryAt);

    faults.pop()?.restore();
    bg.setNow(status.nextRetryAt!);
    await bg.app.alarm(RETRY_ALARM);
    await bg.app.idle();
    expect((await bg.call<IndexStatus>('status.get')).lastError).toBeUndefined();
    expect(bg.alarms.has(RETRY_ALARM)).toBe(false);
    expect((await bg.call<{ total: number }>('search.papers', { query: 'agentic' })).total).toBe(35);
    expect(await unhandled.settled()).toEqual([]);
    unhandled.stop();
  });
});
