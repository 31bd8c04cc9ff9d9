import { IDBFactory } from 'fake-indexeddb';
import { createCatalog } from '@/lib/background/catalog';
import { toStored } from '@/lib/background/context';
import { indexTarget } from '@/lib/ingest/reindex';
import { DEFAULT_SETTINGS } from '@/lib/settings';
import { openIndexDb } from '@/lib/store/open';
import { writePapers } from '@/lib/store/papers';
import type { DailyCountRecord, StoredPaper } from '@/lib/store/schema';
import { loadPack } from '@/lib/topics/pack';
import { installFakeArxiv } from '../e2e/fake-arxiv';
import { ask, type Extension, launchExtension } from '../e2e/harness';
import { benchPapers } from './corpus';

const DAY = 86_400_000;

/** The index a real extension would hold after a backfill of `n` papers, built on Node. */
export async function buildIndex(n: number, end: number) {
  globalThis.indexedDB = new IDBFactory();
  const catalog = createCatalog(loadPack());
  const db = await openIndexDb('seed');
  const rows = benchPapers(n, end).map((p) => toStored(catalog, DEFAULT_SETTINGS.categories, p));
  for (let i = 0; i < rows.length; i += 2000) await writePapers(db, rows.slice(i, i + 2000));
  const counts = await db.getAll('counts');
  db.close();
  return { rows, counts, target: indexTarget(catalog.signature, DEFAULT_SETTINGS.categories) };
}

/**
 * A launched extension whose IndexedDB holds `n` papers (and `follows` followed topics), written from an
 * extension page, after which the extension is reloaded so its worker starts from that index.
 */
export async function seededExtension(
  n: number,
  follows = 0,
  args: string[] = [],
): Promise<Extension & { rows: StoredPaper[] }> {
  const end = Date.now() - 2 * 60 * 60_000;
  const { rows, counts, target } = await buildIndex(n, end);
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
  const topics = [...counts]
    .filter((c) => c.topic !== '*' && !c.topic.includes('.'))
    .sort((a, b) => total(b) - total(a))
    .slice(0, follows)
    .map((c) => c.topic);
  for (let i = 0; i < rows.length; i += 2000) {
    await page.evaluate(writeAll, { store: 'papers', records: rows.slice(i, i + 2000) });
  }
  await page.evaluate(writeAll, { store: 'counts', records: counts });
  await page.evaluate(writeAll, {
    store: 'follows',
    records: topics.map((topicId) => ({ topicId, followedAt: end - 30 * DAY, seenUntil: end - 7 * DAY })),
  });
  await page.evaluate(writeAll, {
    store: 'meta',
    records: [{ key: 'reindex', value: { target, done: true } }],
  });
  const restarted = ext.context.waitForEvent('serviceworker');
  await page.evaluate(() =>
    (globalThis as unknown as { chrome: { runtime: { reload(): void } } }).chrome.runtime.reload(),
  );
  const worker = await restarted;
  return { ...ext, worker, rows };
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
