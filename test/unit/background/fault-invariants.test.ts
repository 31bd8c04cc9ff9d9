import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { REFRESH_ALARM, RETRY_ALARM } from '@/lib/background/scheduler';
import type { IndexStatus } from '@/lib/messages/schemas';
import { openIndexDb } from '@/lib/store/open';
import { agenticPaper, momentumFixture, syntheticPapers } from '../../e2e/fake-arxiv';
import { diskError, failIndexReads, failStore, watchUnhandledRejections } from '../helpers/store-faults';
import { expectFaultInvariants, ownData } from '../ingest/invariants';
import { createTestBackground } from './app-harness';

/**
 * Faults in a re-tag or an Emerging recount, with the app's events fired and forgotten as the extension's
 * entrypoint fires them. After each, once the fault is over and the retry has run: Emerging's kept counts
 * equal a recount of the tracked papers, the follows and saved papers are as before, and no promise
 * rejection went unhandled (issue 33, item 11).
 */

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 9, 15, 12);
const END = NOW - 60 * 60_000;
const T = (Math.floor(END / DAY) - 1) * DAY + DAY - 1;

type Bg = ReturnType<typeof createTestBackground>;
let bg: Bg;
let before: Awaited<ReturnType<typeof ownData>>;
let unhandled: ReturnType<typeof watchUnhandledRejections>;
const faults: { restore(): void }[] = [];

/** Lets fired events run out: each takes turns of the event loop (database requests) before a pass starts. */
async function settle() {
  for (let i = 0; i < 10; i++) {
    await bg.app.idle();
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

beforeEach(async () => {
  bg = createTestBackground(syntheticPapers(END, 84, 3, momentumFixture(T)), NOW);
  await bg.app.installed();
  await bg.app.idle();
  await bg.call('topic.follow', { id: 'agentic-rl', follow: true });
  const [first, second] = bg.papers;
  await bg.fromContent('paper.save', { id: first!.id, save: true });
  await bg.fromContent('paper.save', { id: second!.id, save: true });
  await bg.call('discover.emerging', { limit: 5 });
  await settle();
  before = await ownData(await openIndexDb());
  unhandled = watchUnhandledRejections();
});

afterEach(async () => {
  for (const fault of faults.splice(0)) fault.restore();
  // The fault is over: the retry alarm (a day later at most) finishes whatever was left.
  bg.setNow(NOW + 2 * DAY);
  void bg.app.alarm(RETRY_ALARM);
  await settle();
  await expectFaultInvariants(await openIndexDb(), before, await unhandled.settled());
  unhandled.stop();
});

describe('invariants after a fault in a re-tag or a recount (issue 33, item 11)', () => {
  it('a full disk when untracking a category starts a re-tag', async () => {
    faults.push(failStore('meta', 'put'));
    bg.putSettings({ ...bg.settings(), categories: ['cs.AI', 'cs.LG'] });
    void bg.app.settingsChanged();
    await settle();
    expect(bg.alarms.has(RETRY_ALARM)).toBe(true);
  });

  it('a damaged disk that fails the reads of a re-tag', async () => {
    faults.push(failStore('papers', 'getAll', () => true, diskError));
    await bg.call('userTopics.save', {
      name: 'Agentic (mine)',
      query: 'ti:"agentic reinforcement learning"',
    });
    await settle();
    expect((await bg.call<IndexStatus>('status.get')).lastError?.message).toMatch(/re-tag/);
  });

  it('a full disk while Emerging counts its weeks after new papers', async () => {
    faults.push(failStore('emergingWeeks', 'put'));
    bg.papers.push(agenticPaper(700, NOW - 2 * 60 * 60_000));
    bg.setNow(NOW + DAY);
    void bg.app.alarm(REFRESH_ALARM);
    await settle();
    await bg.call('discover.emerging', { limit: 5 });
  });

  it('a recount cut off mid-way, then a new worker', async () => {
    let reads = 0;
    faults.push(failIndexReads('papers', () => ++reads > 20));
    await bg.call('index.reset');
    await settle();
    await bg.call('discover.emerging', { limit: 5 }).catch(() => undefined);
    faults.pop()?.restore();
    await bg.restart();
    await settle();
  });

  it('a refresh alarm while the disk is full', async () => {
    faults.push(failStore('meta', 'put'));
    bg.setNow(NOW + DAY);
    void bg.app.alarm(REFRESH_ALARM);
    await settle();
  });
});
