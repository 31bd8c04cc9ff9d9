import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ArxivApiError } from '@/lib/arxiv/api-error';
import { createIngestor, type IngestorDeps } from '@/lib/ingest/ingestor';
import { syncProgress } from '@/lib/ingest/plan';
import type { Paper } from '@/lib/paper';
import { openIndexDb } from '@/lib/store/open';
import { readAllCounts } from '@/lib/store/papers';
import type { IndexDb, StoredPaper } from '@/lib/store/schema';
import { createFakeSource, DAY, makePaper } from './fake-source';
import { expectIndexInvariants } from './invariants';

const NOW = Date.UTC(2026, 8, 30, 12);
const tracked = ['cs.AI', 'cs.LG'];

function toStored(paper: Paper): StoredPaper {
  const isTracked = paper.categories.some((c) => tracked.includes(c));
  const topics = [...paper.categories];
  return {
    ...paper,
    topics,
    tracked: isTracked,
    topicKeys: isTracked ? topics.map((t) => `${t}|${String(paper.published).padStart(15, '0')}`) : [],
  };
}

// 30 papers over 60 days in cs.LG, 10 in cs.AI of which 4 are cross-listed to cs.LG.
function corpus(): Paper[] {
  const papers: Paper[] = [];
  arxiv = papers;
  for (let i = 0; i < 30; i++) papers.push(makePaper(`2609.${String(10000 + i)}`, NOW - i * 2 * DAY - 1000));
  for (let i = 0; i < 10; i++) {
    papers.push(
      makePaper(
        `2609.${String(20000 + i)}`,
        NOW - i * 5 * DAY - 5000,
        i < 4 ? ['cs.AI', 'cs.LG'] : ['cs.AI'],
      ),
    );
  }
  return papers;
}

let db: IndexDb;
let arxiv: Paper[] = [];
beforeEach(async () => {
  globalThis.indexedDB = new IDBFactory();
  db = await openIndexDb();
  arxiv = [];
});

// Whatever a test did to the index (stopped it, failed a write, refreshed it), the invariants hold.
afterEach(async () => {
  await expectIndexInvariants(db, { papers: arxiv, categories: tracked, until: NOW });
});

function ingestor(source: IngestorDeps['source'], extra: Partial<IngestorDeps> = {}) {
  return createIngestor({
    db: async () => db,
    source,
    toStored,
    settings: async () => ({ categories: tracked, historyWeeks: 12 }),
    now: () => NOW,
    pageSize: 7,
    ...extra,
  });
}

describe('ingestor', () => {
  it('backfills every tracked category newest first, storing cross-lists once with exact counts', async () => {
    const fake = createFakeSource(corpus());
    const ing = ingestor(fake.source);
    await ing.plan(false);
    expect(await ing.run()).toEqual({ status: 'done' });

    expect(await db.count('papers')).toBe(40);
    const counts = await readAllCounts(db);
    const total = (topic: string) => [...(counts.get(topic)?.values() ?? [])].reduce((a, b) => a + b, 0);
    expect(total('*')).toBe(40);
    expect(total('cs.AI')).toBe(10);
    expect(total('cs.LG')).toBe(34);
    // Newest first within each range, and never deep paging: every query starts at 0.
    expect(fake.calls.every((q) => q.start === 0 && q.sortOrder === 'descending')).toBe(true);
    const state = await ing.state();
    expect(syncProgress(state)).toBe(1);
    expect(state.lastCompleteAt).toBe(NOW);
  });

  it('resumes after the worker is stopped mid-backfill without losing or double-counting papers', async () => {
    const fake = createFakeSource(corpus());
    fake.failOn(2, new ArxivApiError('network', 'connection reset'));
    const first = ingestor(fake.source);
    await first.plan(false);
    const outcome = await first.run();
    expect(outcome.status).toBe('failed');
    const stored = await db.count('papers');
    expect(stored).toBe(10); // cs.AI's two pages (7, then the last 3 plus the boundary paper) landed
    const saved = await first.state();
    expect(saved.lastError).toMatchObject({ message: 'connection reset', kind: 'network' });
    expect(saved.nextRetryAt).toBeGreaterThan(NOW);
    expect(syncProgress(saved)).toBeGreaterThan(0);
    expect(syncProgress(saved)).toBeLessThan(1);

    // A new worker: a new ingestor over the same database and the same arXiv. Before the retry time
    // it sends nothing; at the retry time (the alarm) it goes on where the first one stopped.
    let now = NOW;
    const second = ingestor(fake.source, { now: () => now });
    const calls = fake.calls.length;
    expect(await second.run()).toMatchObject({ status: 'failed', retryAt: saved.nextRetryAt });
    expect(fake.calls).toHaveLength(calls);
    now = saved.nextRetryAt!;
    expect(await second.run()).toEqual({ status: 'done' });
    expect(await db.count('papers')).toBe(40);
    const counts = await readAllCounts(db);
    expect([...counts.get('*')!.values()].reduce((a, b) => a + b, 0)).toBe(40);
    expect((await second.state()).lastError).toBeUndefined();
  });

  it('leaves the index as it was when a page cannot be stored', async () => {
    const fake = createFakeSource(corpus());
    let calls = 0;
    const ing = ingestor(fake.source, {
      toStored: (p) => {
        if (++calls === 10) throw new Error('tagger crashed');
        return toStored(p);
      },
    });
    await ing.plan(false);
    const before = await ing.state();
    const outcome = await ing.run();
    expect(outcome).toMatchObject({ status: 'failed', error: 'tagger crashed' });
    expect(await db.count('papers')).toBe(7); // the first page only; nothing of the failed one
    const after = await ing.state();
    expect(after.categories['cs.AI']!.pending).not.toEqual(before.categories['cs.AI']!.pending);
    expect(await readAllCounts(db).then((c) => [...c.get('*')!.values()].reduce((a, b) => a + b, 0))).toBe(7);
  });

  it('refreshes from a little before the newest paper it has', async () => {
    const papers = corpus();
    const fake = createFakeSource(papers);
    let now = NOW;
    const ing = ingestor(fake.source, { now: () => now });
    await ing.plan(false);
    await ing.run();
    papers.push(makePaper('2610.00001', NOW + DAY, ['cs.LG']));
    now = NOW + 2 * DAY;
    fake.calls.length = 0;
    await ing.plan(true);
    expect(await ing.run()).toEqual({ status: 'done' });
    expect(await db.get('papers', '2610.00001')).toBeDefined();
    expect(await db.count('papers')).toBe(41);
    expect(fake.calls.every((q) => (q.submittedFrom ?? 0) >= NOW - 3 * DAY)).toBe(true);
  });

  it('looks up papers seen on pages in id_list batches, before the backfill', async () => {
    const outside = makePaper('2609.99999', NOW - DAY, ['cs.CV']);
    const fake = createFakeSource([...corpus(), outside]);
    const ing = ingestor(fake.source);
    await ing.queueLookup(['2609.99999', '2609.10001']);
    await ing.plan(false);
    await ing.run();
    expect(fake.calls[0]).toEqual({ idList: ['2609.99999', '2609.10001'] });
    const row = await db.get('papers', '2609.99999');
    expect(row).toMatchObject({ tracked: false, topicKeys: [] });
    // An untracked paper does not count towards momentum.
    const counts = await readAllCounts(db);
    expect(counts.get('cs.CV')).toBeUndefined();
  });

  it('runs one pass at a time', async () => {
    const fake = createFakeSource(corpus());
    const ing = ingestor(fake.source);
    await ing.plan(false);
    const [a, b] = [ing.run(), ing.run()];
    expect(a).toBe(b);
    await a;
    expect(await db.count('papers')).toBe(40);
  });
});
