import type { PaperRef } from '@/lib/paper';
import { ask } from '../e2e/harness';
import { YEAR_PAPERS } from './index-node';
import { corpusMissing, corpusPapers, yearScale } from './real-corpus';
import { STALE, seededExtension } from './seed';
import { spread } from './worker-cdp';

/**
 * A re-tag of a year's index after a pack update, in Chromium with the built extension: about 150,000
 * real papers (scaled as in year.ts) seeded as an older pack left them, so the woken worker re-tags and
 * rewrites every row. Measured: the time from waking the worker until the index is re-tagged (the worker
 * does nothing else meanwhile, so this is its time, cold start included), and whether pages wait: the
 * round trip of `papers.annotate` for a 50-entry listing while the re-tag runs, against the same request
 * once it has ended (the baseline).
 */
export async function benchRetag(): Promise<Record<string, number | string>> {
  const missing = corpusMissing();
  if (missing) return { corpus: missing };
  const papers = corpusPapers({ weeks: 52, scale: yearScale(YEAR_PAPERS) });
  const ext = await seededExtension(papers, 0, [], { stale: true });
  try {
    const page = await ext.context.newPage();
    await page.goto(ext.url('options.html'));
    const refs: PaperRef[] = ext.rows.slice(-50).map((p) => ({
      arxivId: p.id,
      title: p.title,
      authors: p.authors.slice(0, 3),
      categories: p.categories,
    }));
    const annotate = async () => {
      const t = performance.now();
      await ask(page, 'papers.annotate', { papers: refs, evidence: false });
      return performance.now() - t;
    };
    const during: number[] = [];
    let doneAt: number | undefined;
    for (let i = 0; i < 600 && doneAt === undefined; i++) {
      const state = await page.evaluate(readReindex);
      if (state && state.target !== STALE && state.done) doneAt = performance.now();
      else {
        during.push(await annotate());
        await page.waitForTimeout(100);
      }
    }
    if (doneAt === undefined) throw new Error('the re-tag did not end within the wait');
    const after: number[] = [];
    for (let i = 0; i < 9; i++) after.push(await annotate());
    const stale = await page.evaluate(countStale, STALE);
    return {
      papers: ext.rows.length,
      'rows still carrying the old pack version': stale,
      'worker woken -> whole index re-tagged, ms (cold start included; polled every ~100 ms)': Math.round(
        doneAt - ext.wokeAt,
      ),
      'papers.annotate, 50 entries, during the re-tag, ms': during.length
        ? spread(during)
        : 'ended before the first request',
      'papers.annotate, 50 entries, after it (baseline), ms': spread(after),
    };
  } finally {
    await ext.close();
  }
}

/** Runs in the extension page: the re-tag cursor as the worker keeps it in `meta`. */
async function readReindex(): Promise<{ target: string; done: boolean } | undefined> {
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const open = indexedDB.open('paperpulse');
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => reject(open.error);
  });
  const record = await new Promise<{ value?: { target: string; done: boolean } } | undefined>(
    (resolve, reject) => {
      const get = db.transaction('meta').objectStore('meta').get('reindex');
      get.onsuccess = () => resolve(get.result);
      get.onerror = () => reject(get.error);
    },
  );
  db.close();
  return record?.value;
}

/** Runs in the extension page: papers whose row still has the given pack version. */
async function countStale(version: string): Promise<number> {
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const open = indexedDB.open('paperpulse');
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => reject(open.error);
  });
  let n = 0;
  await new Promise<void>((resolve, reject) => {
    const cursor = db.transaction('papers').objectStore('papers').openCursor();
    cursor.onsuccess = () => {
      const c = cursor.result;
      if (!c) return resolve();
      if ((c.value as { packVersion?: string }).packVersion === version) n++;
      c.continue();
    };
    cursor.onerror = () => reject(cursor.error);
  });
  db.close();
  return n;
}
