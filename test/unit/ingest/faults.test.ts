import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ArxivApiError } from '@/lib/arxiv/api-error';
import { syncProblems } from '@/lib/ingest/backoff';
import { createIngestor, type IngestorDeps } from '@/lib/ingest/ingestor';
import type { Paper } from '@/lib/paper';
import { openIndexDb } from '@/lib/store/open';
import type { IndexDb, StoredPaper } from '@/lib/store/schema';
import { lookupState } from '@/lib/store/sync-state';
import { watchUnhandledRejections } from '../helpers/store-faults';
import { createFakeSource, DAY, deferred, makePaper } from './fake-source';
import { expectFaultInvariants, expectIndexInvariants, ownData, type World } from './invariants';

/**
 * Fault injection against the ingestor: requests that hang while plans change, fail, come back short,
 * garbled or twice. After every test the index invariants and those of every fault (Emerging, the user's own
 * data, no unhandled rejection) are checked (see invariants.ts).
 */

const NOW = Date.UTC(2026, 8, 30, 12);
let settings = { categories: ['cs.AI', 'cs.LG'], historyWeeks: 12 };
let clock = NOW;
let db: IndexDb;
let world: World | undefined;
let before: Awaited<ReturnType<typeof ownData>>;
let unhandled: ReturnType<typeof watchUnhandledRejections>;

function toStored(paper: Paper): StoredPaper {
  const isTracked = paper.categories.some((c) => settings.categories.includes(c));
  const topics = [...paper.categories];
  return {
    ...paper,
    topics,
    tracked: isTracked,
    topicKeys: isTracked ? topics.map((t) => `${t}|${String(paper.published).padStart(15, '0')}`) : [],
  };
}

// 30 papers in cs.LG, 10 in cs.AI (4 cross-listed to cs.LG), 6 in cs.CL, over the last 60 days.
function corpus(): Paper[] {
  const papers: Paper[] = [];
  for (let i = 0; i < 30; i++) papers.push(makePaper(`2609.${10000 + i}`, NOW - i * 2 * DAY - 1000));
  for (let i = 0; i < 10; i++) {
    const categories = i < 4 ? ['cs.AI', 'cs.LG'] : ['cs.AI'];
    papers.push(makePaper(`2609.${20000 + i}`, NOW - i * 5 * DAY - 5000, categories));
  }
  for (let i = 0; i < 6; i++)
    papers.push(makePaper(`2609.${30000 + i}`, NOW - i * 7 * DAY - 9000, ['cs.CL']));
  return papers;
}

function ingestor(source: IngestorDeps['source'], extra: Partial<IngestorDeps> = {}) {
  return createIngestor({
    db: async () => db,
    source,
    toStored,
    settings: async () => settings,
    now: () => clock,
    pageSize: 7,
    ...extra,
  });
}

/** Runs passes as the retry alarm would: each at the time the previous one asked for. */
async function runUntilDone(ing: ReturnType<typeof ingestor>, maxPasses = 20) {
  for (let i = 0; i < maxPasses; i++) {
    const outcome = await ing.run();
    if (outcome.status === 'done') return i + 1;
    clock = Math.max(clock, outcome.retryAt);
  }
  throw new Error(`not done after ${maxPasses} passes`);
}

const storedIds = async () => new Set((await db.getAll('papers')).map((p) => p.id));
const idsIn = (papers: Paper[], category: string) =>
  papers.filter((p) => p.categories.includes(category)).map((p) => p.id);

beforeEach(async () => {
  globalThis.indexedDB = new IDBFactory();
  db = await openIndexDb();
  settings = { categories: ['cs.AI', 'cs.LG'], historyWeeks: 12 };
  clock = NOW;
  world = undefined;
  before = await ownData(db);
  unhandled = watchUnhandledRejections();
});

afterEach(async () => {
  // Every fault test declares the world it ran in; the invariants must hold whatever happened.
  expect(world, 'the test declared its world').toBeDefined();
  await expectIndexInvariants(db, world!);
  await expectFaultInvariants(db, before, await unhandled.settled());
  unhandled.stop();
});

describe('a plan made while a request is in flight (1)', () => {
  it('keeps a category tracked during a running page: it is indexed in the same pass', async () => {
    const papers = corpus();
    const fake = createFakeSource(papers);
    const release = deferred();
    fake.intercept(async (_q, n, page) => {
      if (n === 0) await release.promise;
      return page;
    });
    const ing = ingestor(fake.source);
    await ing.plan(false);
    const running = ing.run();
    await new Promise((resolve) => setTimeout(resolve, 5));
    settings = { ...settings, categories: [...settings.categories, 'cs.CL'] };
    await ing.plan(false);
    release.resolve();
    expect(await running).toEqual({ status: 'done' });
    const stored = await storedIds();
    expect(idsIn(papers, 'cs.CL').filter((id) => !stored.has(id))).toEqual([]);
    world = { papers, categories: settings.categories, until: NOW };
  });

  it('keeps a "Refresh now" planned during a running page', async () => {
    const papers = corpus();
    const fake = createFakeSource(papers);
    const ing = ingestor(fake.source);
    await ing.plan(false);
    await ing.run();
    // A refresh starts; while its first page is in flight a paper appears and the user refreshes again.
    clock = NOW + DAY;
    await ing.plan(true);
    const release = deferred();
    const first = fake.calls.length;
    fake.intercept(async (_q, n, page) => {
      if (n === first) await release.promise;
      return page;
    });
    const running = ing.run();
    await new Promise((resolve) => setTimeout(resolve, 5));
    const late = makePaper('2610.00001', NOW + DAY + 60_000, ['cs.AI']);
    papers.push(late);
    clock = NOW + DAY + 2 * 60_000;
    await ing.plan(true);
    release.resolve();
    expect(await running).toEqual({ status: 'done' });
    expect(await db.get('papers', late.id)).toBeDefined();
    world = { papers, categories: settings.categories, until: clock };
  });

  it('keeps a plan made while a request that then fails was in flight', async () => {
    const papers = corpus();
    const fake = createFakeSource(papers);
    const release = deferred();
    fake.intercept(async (_q, n, page) => {
      if (n === 0) {
        await release.promise;
        throw new ArxivApiError('network', 'connection reset');
      }
      return page;
    });
    const ing = ingestor(fake.source);
    await ing.plan(false);
    const running = ing.run();
    await new Promise((resolve) => setTimeout(resolve, 5));
    settings = { ...settings, categories: [...settings.categories, 'cs.CL'] };
    await ing.plan(false);
    release.resolve();
    expect((await running).status).toBe('failed');
    expect((await ing.state()).categories['cs.CL']?.pending.length).toBeGreaterThan(0);
    world = { papers, categories: settings.categories, until: NOW };
  });
});

describe('backoff survives the pass (2)', () => {
  it('sends nothing before the retry time: not for a lookup, a refresh, nor from a restarted worker', async () => {
    const papers = corpus();
    const fake = createFakeSource(papers);
    fake.failOn(0, new ArxivApiError('rate-limited', 'slow down', { status: 429, retryAfterMs: 600_000 }));
    const ing = ingestor(fake.source);
    await ing.plan(false);
    const failed = await ing.run();
    expect(failed).toMatchObject({ status: 'failed', retryAt: NOW + 600_000 });
    expect(fake.calls).toHaveLength(1);

    clock = NOW + 60_000;
    await ing.queueLookup(['2609.10001']);
    expect(await ing.run()).toMatchObject({ status: 'failed', retryAt: NOW + 600_000 });
    await ing.plan(true);
    expect(await ing.run()).toMatchObject({ status: 'failed', retryAt: NOW + 600_000 });
    const restarted = ingestor(fake.source);
    expect(await restarted.run()).toMatchObject({ status: 'failed', retryAt: NOW + 600_000 });
    expect(fake.calls).toHaveLength(1);

    clock = NOW + 600_000;
    expect(await restarted.run()).toEqual({ status: 'done' });
    world = { papers, categories: settings.categories, until: NOW, lookedUp: ['2609.10001'] };
  });
});

describe('recovery', () => {
  it('ends an outage with a pass of lookups alone: done, the error cleared, no retry left in the past', async () => {
    const papers = corpus();
    const fake = createFakeSource(papers);
    const ing = ingestor(fake.source);
    await ing.plan(false);
    expect(await ing.run()).toEqual({ status: 'done' });
    fake.intercept(() => {
      throw new ArxivApiError('network', 'arXiv unreachable');
    });
    await ing.queueLookup(['2609.10001']);
    const failed = await ing.run();
    expect(failed.status).toBe('failed');
    fake.intercept(undefined);
    clock = failed.status === 'failed' ? failed.retryAt : clock;
    expect(await ing.run()).toEqual({ status: 'done' });
    const state = await ing.state();
    expect([state.lastError, state.nextRetryAt, state.failures]).toEqual([undefined, undefined, 0]);
    world = { papers, categories: settings.categories, until: NOW, lookedUp: ['2609.10001'] };
  });
});

describe('one failing piece of work does not block the rest (3)', () => {
  it('backfills while a lookup batch keeps failing, then gives up on the poisoned id and says so', async () => {
    const papers = corpus();
    const outside = makePaper('2609.99999', NOW - DAY, ['cs.CV']);
    papers.push(outside);
    const fake = createFakeSource(papers);
    const poisoned = '2609.00bad';
    fake.intercept((q, _n, page) => {
      if (q.idList?.includes(poisoned))
        throw new ArxivApiError('api-error', `incorrect id format for ${poisoned}`);
      return page;
    });
    const ing = ingestor(fake.source);
    await ing.queueLookup([poisoned, outside.id]);
    await ing.plan(false);
    const first = await ing.run();
    // The backfill went on, and the good id was looked up on its own.
    expect(await db.count('papers')).toBe(41);
    expect(first.status).toBe('failed');
    await runUntilDone(ing);
    const lookup = await lookupState.read(db);
    expect(lookup).toMatchObject({ ids: [], gaveUp: [poisoned], gaveUpCount: 1 });
    const tries = fake.calls.filter((q) => q.idList?.includes(poisoned)).length;
    expect(tries).toBeLessThanOrEqual(4);
    // The status says so (the popup shows its last error).
    const problems = syncProblems(await ing.state(), await ing.lookups(), clock);
    expect(problems.lastError?.message).toMatch(
      /^Gave up looking up 2609\.00bad after 3 tries: incorrect id/,
    );
    world = { papers, categories: settings.categories, until: NOW, lookedUp: [poisoned, outside.id] };
  });

  it('indexes the other categories while one keeps returning empty pages', async () => {
    const papers = corpus();
    const fake = createFakeSource(papers);
    let broken = true;
    fake.intercept((q, _n, page) => {
      if (broken && q.categories?.includes('cs.AI'))
        throw new ArxivApiError('empty-page', 'arXiv returned an empty page at 0 of 10');
      return page;
    });
    const ing = ingestor(fake.source);
    await ing.plan(false);
    const outcome = await ing.run();
    const stored = await storedIds();
    expect(idsIn(papers, 'cs.LG').filter((id) => !stored.has(id))).toEqual([]);
    expect(outcome).toMatchObject({ status: 'failed' });
    const state = await ing.state();
    expect(state.categories['cs.AI']?.notBefore).toBeGreaterThan(NOW);
    if (outcome.status === 'failed') expect(outcome.retryAt).toBe(state.categories['cs.AI']?.notBefore);
    broken = false;
    await runUntilDone(ing);
    expect(await db.count('papers')).toBe(40);
    world = { papers, categories: settings.categories, until: NOW };
  });
});

describe('a range ends with a short page (6)', () => {
  it('reads the whole range when totalResults is too low', async () => {
    const papers = corpus();
    const fake = createFakeSource(papers);
    fake.intercept((_q, _n, page) => ({ ...page, totalResults: page.papers.length }));
    const ing = ingestor(fake.source);
    await ing.plan(false);
    await runUntilDone(ing);
    expect(await db.count('papers')).toBe(40);
    world = { papers, categories: settings.categories, until: NOW };
  });

  it('does not call a range complete from a full page whose entries were all skipped', async () => {
    const papers = corpus();
    const fake = createFakeSource(papers);
    fake.intercept((_q, n, page) =>
      n === 0 ? { ...page, papers: [], skipped: page.papers.map(() => ({ reason: 'no date' })) } : page,
    );
    const ing = ingestor(fake.source);
    await ing.plan(false);
    await runUntilDone(ing);
    expect(await db.count('papers')).toBe(40);
    world = { papers, categories: settings.categories, until: NOW };
  });
});

describe('the same entry twice (7)', () => {
  it('counts a paper once when a page carries it twice', async () => {
    const papers = corpus();
    const fake = createFakeSource(papers);
    fake.intercept((_q, n, page) =>
      n === 0 ? { ...page, papers: [page.papers[0]!, ...page.papers.slice(0, -1)] } : page,
    );
    const ing = ingestor(fake.source);
    await ing.plan(false);
    await runUntilDone(ing);
    expect(await db.count('papers')).toBe(40);
    world = { papers, categories: settings.categories, until: NOW };
  });
});
