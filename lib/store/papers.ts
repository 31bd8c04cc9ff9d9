import type { IDBPTransaction } from 'idb';
import { paperRecord, putAnnotations } from './annotations';
import type { MetaWriteTx } from './meta';
import type { IndexDb } from './schema';
import {
  ALL_TOPICS,
  type DailyCountRecord,
  type IndexedPaper,
  type PaperPulseDB,
  type StoredPaper,
} from './schema';

const DAY_MS = 86_400_000;
const KEY_SEP = '|';
const PAD = 15;

/** `topic|000001757000000000`: sorts by topic, then by first-version time. */
export function topicKey(topic: string, published: number): string {
  return `${topic}${KEY_SEP}${String(Math.max(0, Math.floor(published))).padStart(PAD, '0')}`;
}

/** Keys of one topic with published in (after, until]. */
export function topicRange(topic: string, after = -1, until = Number.MAX_SAFE_INTEGER): IDBKeyRange {
  return IDBKeyRange.bound(topicKey(topic, after), topicKey(topic, until), true, false);
}

export function withTopicKeys(paper: Omit<StoredPaper, 'topicKeys'>): StoredPaper {
  const topicKeys = paper.tracked ? paper.topics.map((t) => topicKey(t, paper.published)) : [];
  return { ...paper, topicKeys };
}

type WriteTx = IDBPTransaction<PaperPulseDB, ('papers' | 'counts' | 'annotations' | 'meta')[], 'readwrite'>;

/** Daily count changes of one write, applied to the `counts` store and returned for the in-memory copy. */
export type CountDelta = Map<string, Map<number, number>>;

/** What a write changed, for the background's in-memory copies: counts, and annotation shards to reload. */
export interface WriteResult {
  delta: CountDelta;
  shards: Set<string>;
  /** Papers the index did not hold before this write. */
  added: number;
}

function addDelta(delta: CountDelta, paper: StoredPaper, sign: 1 | -1) {
  if (!paper.tracked) return;
  const day = Math.floor(paper.published / DAY_MS);
  for (const topic of [ALL_TOPICS, ...paper.topics]) {
    const days = delta.get(topic) ?? new Map<number, number>();
    delta.set(topic, days);
    days.set(day, (days.get(day) ?? 0) + sign);
  }
}

/**
 * A change of `meta` values made inside a write's transaction (with lib/store/meta.ts keys): read and
 * write in one transaction, so a change another actor made meanwhile (a plan added while a request was
 * out) is built upon, never overwritten. Only requests of `tx` may be awaited inside: any other await
 * would let the transaction commit.
 */
export type MetaChange = (tx: MetaWriteTx) => Promise<void>;

/**
 * Stores papers (new or replacing older copies), keeps the daily counts exact and the papers' annotations
 * current, in one transaction together with a `meta` change (a sync cursor, say): all of it lands or none.
 * A paper listed twice is stored and counted once (the last copy wins): arXiv has sent an entry twice in one
 * page, and the rows are all looked up before any is written.
 */
export async function writePapers(
  db: IndexDb,
  papers: readonly IndexedPaper[],
  change?: MetaChange,
): Promise<WriteResult> {
  const unique = [...new Map(papers.map((paper) => [paper.id, paper])).values()];
  const tx: WriteTx = db.transaction(['papers', 'counts', 'annotations', 'meta'], 'readwrite');
  const store = tx.objectStore('papers');
  const delta: CountDelta = new Map();
  const done = tx.done;
  let shards = new Set<string>();
  let added = 0;
  try {
    await change?.(tx);
    const previous = await Promise.all(unique.map((p) => store.get(p.id)));
    unique.forEach((paper, i) => {
      const old = previous[i];
      if (old) addDelta(delta, old, -1);
      else added++;
      addDelta(delta, paper, 1);
      void store.put(paperRecord(paper));
    });
    await applyDelta(tx, delta);
    shards = await putAnnotations(tx.objectStore('annotations'), unique);
    await done;
  } catch (error) {
    try {
      tx.abort();
    } catch {
      // already finished (aborted by the error itself)
    }
    await done.catch(() => undefined);
    throw error;
  }
  return { delta, shards, added };
}

async function applyDelta(tx: WriteTx, delta: CountDelta) {
  const counts = tx.objectStore('counts');
  const topics = [...delta.keys()];
  const records = await Promise.all(topics.map((t) => counts.get(t)));
  topics.forEach((topic, i) => {
    const record: DailyCountRecord = records[i] ?? { topic, days: {} };
    for (const [day, change] of delta.get(topic)!) {
      const n = (record.days[day] ?? 0) + change;
      if (n > 0) record.days[day] = n;
      else delete record.days[day];
    }
    void counts.put(record);
  });
}

/** Every topic's daily counts, for the background's in-memory momentum. */
export async function readAllCounts(db: IndexDb): Promise<Map<string, Map<number, number>>> {
  const all = new Map<string, Map<number, number>>();
  for (const record of await db.getAll('counts')) {
    all.set(record.topic, new Map(Object.entries(record.days).map(([d, n]) => [Number(d), n])));
  }
  return all;
}

/** A topic's tracked papers, newest first. */
export async function topicPapers(db: IndexDb, topic: string, offset: number, limit: number) {
  const index = db.transaction('papers').store.index('byTopic');
  const papers: StoredPaper[] = [];
  let cursor = await index.openCursor(topicRange(topic), 'prev');
  if (cursor && offset > 0) cursor = await cursor.advance(offset);
  while (cursor && papers.length < limit) {
    papers.push(cursor.value);
    cursor = await cursor.continue();
  }
  return papers;
}

/** A topic's tracked papers published in (after, until], oldest first. */
export function topicPapersIn(
  db: IndexDb,
  topic: string,
  after: number,
  until: number,
): Promise<StoredPaper[]> {
  return db.getAllFromIndex('papers', 'byTopic', topicRange(topic, after, until));
}

/** How many tracked papers of a topic were published in (after, until]. */
export function countTopicPapers(db: IndexDb, topic: string, after = -1, until?: number): Promise<number> {
  return db.countFromIndex('papers', 'byTopic', topicRange(topic, after, until));
}

/**
 * Each followed topic's papers first published after it was last seen, counted in one transaction (50
 * follows in 50 transactions cost the popup tens of ms more).
 */
export async function unseenCounts(
  db: IndexDb,
  follows: Iterable<{ topicId: string; seenUntil: number }>,
): Promise<Map<string, number>> {
  const index = db.transaction('papers').store.index('byTopic');
  const list = [...follows];
  const counts = await Promise.all(list.map((f) => index.count(topicRange(f.topicId, f.seenUntil))));
  return new Map(list.map((f, i) => [f.topicId, counts[i]!]));
}

/** First-version time of the newest paper in the index (tracked or not), or 0 when empty. */
export async function newestPublished(db: IndexDb): Promise<number> {
  const cursor = await db.transaction('papers').store.index('published').openCursor(null, 'prev');
  return cursor?.value.published ?? 0;
}

/**
 * How many papers the index holds (tracked or not). In a read-write transaction, on purpose: it then runs
 * after every write begun before it and before every write begun after it, so a count kept in memory from
 * it plus the `added` of later writes is exact.
 */
export async function countPapers(db: IndexDb): Promise<number> {
  const tx = db.transaction('papers', 'readwrite');
  const count = await tx.store.count();
  await tx.done;
  return count;
}

/** The rows of `ids` in one transaction (undefined for a paper the index lacks). */
export async function readPapers(db: IndexDb, ids: readonly string[]): Promise<(StoredPaper | undefined)[]> {
  const store = db.transaction('papers').store;
  return Promise.all(ids.map((id) => store.get(id)));
}

/** Visits up to `limit` papers, newest first-version time first. */
export async function scanNewest(
  db: IndexDb,
  limit: number,
  visit: (paper: StoredPaper) => void,
): Promise<void> {
  let cursor = await db.transaction('papers').store.index('published').openCursor(null, 'prev');
  for (let scanned = 0; cursor && scanned < limit; scanned++) {
    visit(cursor.value);
    cursor = await cursor.continue();
  }
}

/** Every stored paper (the search index is built from them). */
export async function readAllPapers(db: IndexDb): Promise<StoredPaper[]> {
  return db.getAll('papers');
}

/** Up to `limit` papers in id order, after the id `after` (from the first when undefined). */
export async function readPapersAfter(
  db: IndexDb,
  after: string | undefined,
  limit: number,
): Promise<StoredPaper[]> {
  const range = after === undefined ? undefined : IDBKeyRange.lowerBound(after, true);
  return db.getAll('papers', range, limit);
}
