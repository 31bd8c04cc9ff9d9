import { toStored } from '@/lib/ingest/to-stored';
import { DEFAULT_SETTINGS } from '@/lib/settings';
import { withTopicKeys } from '@/lib/store/papers';
import type { IndexedPaper } from '@/lib/store/schema';
import { createCatalog } from '@/lib/topics/catalog';
import { loadPack } from '@/lib/topics/load-pack';
import { YEAR_PAPERS } from './index-node';
import { corpusMissing, corpusPapers, yearScale } from './real-corpus';
import { STALE, seededExtension } from './seed';
import { annotateWhile, spread } from './worker-cdp';

/** About this share of the papers carry a topic the older pack lacked. */
const SHARE_CHANGED = 0.03;

/**
 * A re-tag of a year's index after a pack update, in Chromium with the built extension: about 150,000
 * real papers (scaled as in year.ts) seeded as an older pack tagged them, one without a few of the current
 * pack's fine topics (the most used that together tag about 3% of the papers), so the woken worker re-tags
 * the index and a few percent of the papers' tags change. Measured: the time from waking the worker until
 * the index is re-tagged (the worker does nothing else meanwhile, so this is its time, cold start
 * included), the rows changed, and whether pages wait: the round trip of `papers.annotate` for a 50-entry
 * listing while the re-tag runs, against the same request once it has ended (the baseline). The floors the
 * re-tag cannot go below, measured in the same run: tagging the papers (on Node) and reading every row in
 * chunks of 500 (from an extension page).
 */
export async function benchRetag(): Promise<Record<string, number | string>> {
  const missing = corpusMissing();
  if (missing) return { corpus: missing };
  const papers = corpusPapers({ weeks: 52, scale: yearScale(YEAR_PAPERS) });
  const catalog = createCatalog(loadPack());
  const tagStart = performance.now();
  const tags = papers.map((paper) => toStored(catalog, DEFAULT_SETTINGS.categories, paper).topics);
  const tagMs = performance.now() - tagStart;
  const dropped = mostUsedTopics(tags, papers.length * SHARE_CHANGED);
  // The older pack's tagging state: the current one without the dropped topics (all else the same).
  const now = catalog.taggingState(DEFAULT_SETTINGS.categories);
  const old = structuredClone(now);
  for (const id of dropped) delete old.topics[id];
  old.order = old.order.filter((id) => !dropped.has(id));
  // The papers the worker's re-tag tags (the same test, on Node), and what testing them all costs here.
  const reachStart = performance.now();
  const reaches = catalog.reach(old, now);
  const stored = papers.map((p, i) => ({ ...p, topics: tags[i]!.filter((t) => !dropped.has(t)) }));
  const reached = reaches ? stored.filter((row) => reaches(row)).length : papers.length;
  const reachMs = performance.now() - reachStart;
  const ext = await seededExtension(papers, 0, [], {
    olderPack: {
      name: `without ${[...dropped].sort().join(',')}`,
      retag: (rows) => rows.map((row) => withoutTopics(row, dropped)),
      state: old,
    },
  });
  const changed = tags.filter((topics) => topics.some((t) => dropped.has(t))).length;
  try {
    const page = await ext.context.newPage();
    await page.goto(ext.url('options.html'));
    // When each shard of the re-tag landed (its cursor is written with it), and how it chose its papers.
    const timeline: string[] = [];
    let reach: boolean | undefined;
    const retagged = async () => {
      const state = await page.evaluate(readReindex);
      const mark = `${((performance.now() - ext.wokeAt) / 1000).toFixed(1)}s:${state?.checked ?? 0}`;
      if (state?.target !== STALE && !timeline.at(-1)?.endsWith(`:${state?.checked ?? 0}`))
        timeline.push(mark);
      reach = state?.reach;
      return state !== undefined && state.target !== STALE && state.done;
    };
    const { during, after, doneAt } = await annotateWhile(page, ext.rows.slice(-50), retagged, 600);
    if (doneAt === undefined) throw new Error('the re-tag did not end within the wait');
    const { withNewTopics, readMs } = await page.evaluate(readRows, { topics: [...dropped], chunk: 500 });
    const inBigChunks = await page.evaluate(readRows, { topics: [], chunk: 5000 });
    return {
      papers: ext.rows.length,
      'topics the older pack lacked': dropped.size,
      'papers the update tags differently (rows the re-tag must rewrite)': changed,
      'rows holding the new topics after the re-tag': withNewTopics,
      'worker woken -> whole index re-tagged, ms (cold start included; polled every ~100 ms)': Math.round(
        doneAt - ext.wokeAt,
      ),
      'papers the change can reach (tagged by the re-tag; the same test counted on Node)': reached,
      're-tag of only what the change reaches (the cursor says)': String(reach),
      'cursor written (since woken: papers checked)': timeline.join(' '),
      'reach test over every paper on Node, ms': Math.round(reachMs),
      'floor: tagging every paper on Node, ms': Math.round(tagMs),
      'floor: reading every row in chunks of 500 from a page, ms': Math.round(readMs),
      'the same in chunks of 5000, ms': Math.round(inBigChunks.readMs),
      'papers.annotate, 50 entries, during the re-tag, ms': during.length
        ? spread(during)
        : 'ended before the first request',
      'papers.annotate, 50 entries, after it (baseline), ms': spread(after),
    };
  } finally {
    await ext.close();
  }
}

/** The fine topics (not categories), most used first, that together tag at most `budget` papers. */
function mostUsedTopics(tags: readonly string[][], budget: number): Set<string> {
  const uses = new Map<string, number>();
  for (const topics of tags) {
    for (const topic of topics) if (!topic.includes('.')) uses.set(topic, (uses.get(topic) ?? 0) + 1);
  }
  const picked = new Set<string>();
  let tagged = 0;
  for (const [topic, n] of [...uses].sort((a, b) => b[1] - a[1])) {
    if (tagged + n > budget) continue;
    picked.add(topic);
    tagged += n;
  }
  return picked;
}

function withoutTopics(row: IndexedPaper, topics: ReadonlySet<string>): IndexedPaper {
  const tags = (row.tags ?? []).filter((t) => !topics.has(t.id));
  return { ...withTopicKeys({ ...row, topics: tags.map((t) => t.id) }), tags };
}

/** Runs in the extension page: the re-tag cursor as the worker keeps it in `meta`. */
async function readReindex(): Promise<
  { target: string; done: boolean; checked?: number; reach?: boolean } | undefined
> {
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const open = indexedDB.open('paperpulse');
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => reject(open.error);
  });
  const record = await new Promise<
    { value?: { target: string; done: boolean; checked?: number; reach?: boolean } } | undefined
  >((resolve, reject) => {
    const get = db.transaction('meta').objectStore('meta').get('reindex');
    get.onsuccess = () => resolve(get.result);
    get.onerror = () => reject(get.error);
  });
  db.close();
  return record?.value;
}

/**
 * Runs in the extension page: reads every row in chunks of `chunk` (500 as the re-tag does), timed, and
 * counts the rows that have one of `topics`.
 */
async function readRows({
  topics,
  chunk,
}: {
  topics: string[];
  chunk: number;
}): Promise<{ withNewTopics: number; readMs: number }> {
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const open = indexedDB.open('paperpulse');
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => reject(open.error);
  });
  const wanted = new Set(topics);
  let withNewTopics = 0;
  let readMs = 0;
  let after: string | undefined;
  for (;;) {
    const start = performance.now();
    const rows = await new Promise<{ id: string; topics: string[] }[]>((resolve, reject) => {
      const range = after === undefined ? undefined : IDBKeyRange.lowerBound(after, true);
      const get = db.transaction('papers').objectStore('papers').getAll(range, chunk);
      get.onsuccess = () => resolve(get.result);
      get.onerror = () => reject(get.error);
    });
    readMs += performance.now() - start;
    for (const row of rows) if (row.topics.some((t) => wanted.has(t))) withNewTopics++;
    if (rows.length < chunk) break;
    after = rows[rows.length - 1]!.id;
  }
  db.close();
  return { withNewTopics, readMs };
}
