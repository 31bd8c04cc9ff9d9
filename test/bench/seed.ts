// The seeding helpers need IndexedDB and a browser stand-in on Node.
import './seed-node-env';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { IDBFactory } from 'fake-indexeddb';
import type { Page } from 'playwright-core';
import { indexTarget } from '@/lib/ingest/reindex';
import { toStored } from '@/lib/ingest/to-stored';
import type { Paper } from '@/lib/paper';
import { searchState } from '@/lib/search/search-state';
import { DEFAULT_SETTINGS } from '@/lib/settings';
import { openIndexDb } from '@/lib/store/open';
import { writePapers } from '@/lib/store/paper-writes';
import type { DailyCountRecord, IndexedPaper, StoredPaper } from '@/lib/store/schema';
import { createCatalog } from '@/lib/topics/catalog';
import { loadPack } from '@/lib/topics/load-pack';
import { installFakeArxiv } from '../e2e/fake-arxiv';
import { ask, type Extension, launchExtension, launchWith } from '../e2e/harness';

const DAY = 86_400_000;
const STORE_CODE = [
  'store/papers.ts',
  'store/paper-writes.ts',
  'store/annotations.ts',
  'store/migrations.ts',
  'search/search-tokens.ts',
  'search/search-write.ts',
  'search/postings.ts',
  'search/doc-blocks.ts',
  'search/search-state.ts',
  'search/word-pairs.ts',
];

/**
 * The index a real extension would hold after a backfill of `papers`, built on Node; `olderPack` turns the
 * current pack's tags into those an older pack gave (so that a re-tag has real changes to make).
 */
export async function buildIndex(papers: readonly Paper[], olderPack?: OlderPack) {
  // Building a year on Node takes many minutes: kept in .bench/ for the same papers, pack and older pack.
  const catalog = createCatalog(loadPack());
  const hash = createHash('sha256').update(
    `${catalog.signature}|${papers.length}|${papers[0]?.id}|${papers.at(-1)?.id}|${papers.at(-1)?.published}`,
  );
  if (olderPack) hash.update(`|older pack: ${olderPack.name}`);
  // What the stored records are made by: another version of any of these builds the seed again.
  for (const source of STORE_CODE) hash.update(readFileSync(new URL(`../../lib/${source}`, import.meta.url)));
  const key = hash.digest('hex').slice(0, 16);
  const file = `.bench/seed-${key}.v8`;
  if (existsSync(file)) return deserialize(readFileSync(file)) as Built;
  const built = await buildFresh(papers, olderPack?.retag ?? ((rows) => rows));
  mkdirSync('.bench', { recursive: true });
  writeFileSync(file, serialize(built));
  return built;
}

type Built = Awaited<ReturnType<typeof buildFresh>>;

async function buildFresh(papers: readonly Paper[], olderPack: (rows: IndexedPaper[]) => IndexedPaper[]) {
  globalThis.indexedDB = new IDBFactory();
  const catalog = createCatalog(loadPack());
  const db = await openIndexDb('seed');
  const rows = olderPack(papers.map((p) => toStored(catalog, DEFAULT_SETTINGS.categories, p)));
  for (let i = 0; i < rows.length; i += 2000) await writePapers(db, rows.slice(i, i + 2000));
  const counts = await db.getAll('counts');
  const annotations = await db.getAll('annotations');
  // Every row went through writePapers, which indexed it for search: as a fresh install's index is, built.
  const state = await searchState.read(db);
  const search = {
    postings: await db.getAll('searchPostings'),
    docs: await db.getAll('searchDocs'),
    pairs: await db.getAll('searchPairs'),
    state: { key: searchState.key, value: { ...state, build: { done: true } }, version: 1 },
  };
  const stored = await db.getAll('papers');
  db.close();
  return {
    rows,
    stored,
    counts,
    annotations,
    search,
    target: indexTarget(catalog.signature, DEFAULT_SETTINGS.categories),
  };
}

/**
 * A launched extension whose IndexedDB holds `papers` (built on Node with the store's own code) and the
 * `follows` busiest fine topics followed. The records are written from an extension page, then the browser is
 * closed and started again on the same profile, as a user's browser is the next day: its service worker
 * starts from the records. Only stopping the worker left the writes' garbage (a year: hundreds of MB sent
 * through the DevTools pipe) in the extension process's page heap, which every extension page shares: a topic
 * page at 52 weeks then spent 500-760 ms in one major GC before its first render (a trace, 2026-12-07), a
 * cost no user's browser has. (chrome.runtime.reload() disables an extension loaded with --load-extension in
 * this Chromium, so it cannot be used here.)
 */
export async function seededExtension(
  papers: readonly Paper[],
  follows = 0,
  args: string[] = [],
  options: SeedOptions = {},
): Promise<Extension & { rows: StoredPaper[]; wokeAt: number }> {
  const end = papers.reduce((m, p) => Math.max(m, p.published), 0);
  const built = await buildIndex(papers, options.olderPack);
  const { rows, stored, counts, annotations, search } = built;
  // As an index tagged by an older pack: the index records the old target, so the woken worker re-tags it.
  const target = options.olderPack ? STALE : built.target;
  const ext = await launchExtension({ args });
  await installFakeArxiv(ext.context, []);
  const page = await ext.context.newPage();
  await page.goto(ext.url('popup.html'));
  // Let the empty first backfill finish, so its sync state says "complete".
  for (let i = 0; i < 120; i++) {
    const status = await ask<{ progress: number; running: boolean }>(page, 'status.get');
    if (status.progress === 1 && !status.running) break;
    await page.waitForTimeout(500);
  }
  const followRecords = followedTopics(built, follows, end);
  const followed = followRecords.map((f) => f.topicId);
  for (let i = 0; i < stored.length; i += 2000) {
    await page.evaluate(writeAll, { store: 'papers', records: stored.slice(i, i + 2000) });
  }
  // Shards and postings in batches of at most ~20 MB: a year's shards hold up to 10,000 papers each, and
  // the DevTools pipe refuses a message over 100 MB.
  await writeBatched(page, 'annotations', annotations, (shard) => JSON.stringify(shard).length);
  await writeBatched(
    page,
    'searchPostings',
    search.postings,
    (b) => b.data.byteLength * 4 + b.terms.length * 20,
  );
  await writeBatched(page, 'searchDocs', search.docs, (d) => d.ids.length + d.topics.byteLength * 4 + 40_000);
  await writeBatched(page, 'searchPairs', search.pairs, (p) => p.bits.byteLength * 4);
  await page.evaluate(writeAll, {
    store: 'meta',
    records: [search.state, { key: 'papers.total', value: stored.length, version: 1 }],
  });
  await page.evaluate(writeAll, { store: 'counts', records: counts });
  await page.evaluate(writeAll, { store: 'follows', records: followRecords });
  await page.evaluate(writeAll, {
    store: 'meta',
    records: [
      { key: 'reindex', value: { target, done: true } },
      ...(options.olderPack?.state ? [{ key: 'tagState', value: options.olderPack.state, version: 1 }] : []),
    ],
  });
  // Emerging counted as a user's worker counts it after each pass: its weeks and answer are kept, so the
  // woken worker's work is the bench's, not a first count of the year (the popup asks it on open).
  await ask(page, 'discover.emerging', { limit: 30 });
  await page.close();
  const again = await relaunched(ext, args);
  // The worker started with the browser; from here it loads the seeded index (and re-tags a stale one).
  const wokeAt = performance.now();
  const next = await again.context.newPage();
  await next.goto(again.url('popup.html'));
  for (let i = 0; i < 120; i++) {
    const status = await ask<{ papers: number }>(next, 'status.get').catch(() => ({ papers: 0 }));
    const listed = await ask<{ follows: unknown[] }>(next, 'follows.list').catch(() => ({ follows: [] }));
    if (status.papers === rows.length && listed.follows.length === followed.length) break;
    await next.waitForTimeout(500);
  }
  await next.close();
  return { ...again, rows, wokeAt };
}

/** The same profile and extension in a new browser (the first one closed), arXiv faked as before. */
async function relaunched(ext: Extension, args: string[]): Promise<Extension> {
  await ext.context.close();
  const { context, worker } = await launchWith(ext.profile, join(dirname(ext.profile), 'extension'), {
    args,
  });
  await installFakeArxiv(context, []);
  return {
    ...ext,
    context,
    worker,
    async close() {
      await context.close();
      await ext.close();
    },
  };
}

/**
 * The `n` busiest fine topics followed a month before `end`, seen until a week before it, with their unseen
 * counts as the writes of the papers after the seen mark would have kept them.
 */
export function followedTopics(built: Built, n: number, end: number) {
  return built.counts
    .filter((c) => c.topic !== '*' && !c.topic.includes('.'))
    .sort((a, b) => total(b) - total(a))
    .slice(0, n)
    .map((c) => ({
      topicId: c.topic,
      followedAt: end - 30 * DAY,
      seenUntil: end - 7 * DAY,
      unseen: built.rows.filter((r) => r.tracked && r.published > end - 7 * DAY && r.topics.includes(c.topic))
        .length,
    }));
}

/** The index target of an index seeded as an older pack left it. */
export const STALE = 'before-the-update';

/** An older pack: what it names (the seed is kept under it) and the tags it gave, from the current pack's rows. */
export interface OlderPack {
  name: string;
  retag: (rows: IndexedPaper[]) => IndexedPaper[];
  /** What the older pack tagged under, topic by topic (lib/topics/reach.ts), as a re-tag records it. */
  state?: unknown;
}

export interface SeedOptions {
  /** Seed the index as an older pack left it, so the worker re-tags it when it wakes. */
  olderPack?: OlderPack;
}

/** Writes records in page.evaluate calls of at most ~20 MB (as `size` estimates a record's serialized size). */
async function writeBatched<T>(
  page: Page,
  store: string,
  records: readonly T[],
  size: (record: T) => number,
) {
  let batch: T[] = [];
  let bytes = 0;
  for (const record of [...records, undefined]) {
    const n = record === undefined ? 0 : size(record);
    if (batch.length && (record === undefined || bytes + n > 20e6)) {
      await page.evaluate(writeAll, { store, records: batch });
      batch = [];
      bytes = 0;
    }
    if (record !== undefined) batch.push(record);
    bytes += n;
  }
}

function total(c: DailyCountRecord): number {
  return Object.values(c.days).reduce((a, b) => a + b, 0);
}

/** Runs in the extension page: puts records into one object store of the extension's database. */
async function writeAll({ store, records }: { store: string; records: unknown[] }): Promise<void> {
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const open = indexedDB.open('paperpulse');
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => reject(open.error);
  });
  await new Promise<void>((resolve, reject) => {
    const tx = db.transaction(store, 'readwrite');
    for (const record of records) tx.objectStore(store).put(record);
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
  });
  db.close();
}
