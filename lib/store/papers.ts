import type { IDBPTransaction } from 'idb';
import { paperRecord, putAnnotations } from './annotations';
import { withoutCorrected } from './corrections';
import type { IndexDb } from './schema';
import {
  ALL_TOPICS,
  type DailyCountRecord,
  type IndexedPaper,
  type PaperPulseDB,
  type StoredPaper,
} from './schema';
import { topicRange } from './topic-keys';

// Where they were first written; callers import them from here.
export { topicKey, topicRange, withTopicKeys } from './topic-keys';

const DAY_MS = 86_400_000;

/** A paper write's transaction: the rows, their counts and annotations, `meta` and the corrections. */
export type WriteTx = IDBPTransaction<
  PaperPulseDB,
  ('papers' | 'counts' | 'annotations' | 'meta' | 'corrections')[],
  'readwrite'
>;

/** Daily count changes of one write, applied to the `counts` store and returned for the in-memory copy. */
export type CountDelta = Map<string, Map<number, number>>;

/** What a write changed, for the background's in-memory copies: counts, and annotation shards to reload. */
export interface WriteResult {
  delta: CountDelta;
  shards: Set<string>;
  /** Papers the index did not hold before this write. */
  added: number;
  /** The rows as written: the reader's corrections left out. */
  rows: StoredPaper[];
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
 * A change made inside a write's transaction (a `meta` value with lib/store/meta.ts keys, a correction):
 * read and write in one transaction, so a change another actor made meanwhile (a plan added while a request
 * was out) is built upon, never overwritten. Only requests of `tx` may be awaited inside: any other await
 * would let the transaction commit.
 */
export type MetaChange = (tx: WriteTx) => Promise<void>;

/**
 * Stores papers (new or replacing older copies), keeps the daily counts exact and the papers' annotations
 * current, in one transaction together with a `meta` change (a sync cursor, say): all of it lands or none.
 * A paper listed twice is stored and counted once (the last copy wins): arXiv has sent an entry twice in one
 * page, and the rows are all looked up before any is written. The reader's corrections are read in the same
 * transaction and left out of every paper, so a copy tagged before a "Not this topic" never brings it back.
 */
export async function writePapers(
  db: IndexDb,
  papers: readonly IndexedPaper[],
  change?: MetaChange,
): Promise<WriteResult> {
  const tagged = [...new Map(papers.map((paper) => [paper.id, paper])).values()];
  const tx: WriteTx = db.transaction(['papers', 'counts', 'annotations', 'meta', 'corrections'], 'readwrite');
  const store = tx.objectStore('papers');
  const delta: CountDelta = new Map();
  const done = tx.done;
  let shards = new Set<string>();
  let added = 0;
  let rows: StoredPaper[] = [];
  try {
    await change?.(tx);
    const [previous, corrections] = await Promise.all([
      Promise.all(tagged.map((p) => store.get(p.id))),
      Promise.all(tagged.map((p) => tx.objectStore('corrections').get(p.id))),
    ]);
    const unique = tagged.map((paper, i) => withoutCorrected(paper, new Set(corrections[i]?.topics)));
    unique.forEach((paper, i) => {
      const old = previous[i];
      if (old) addDelta(delta, old, -1);
      else added++;
      addDelta(delta, paper, 1);
      void store.put(paperRecord(paper));
    });
    rows = unique.map(paperRecord);
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
  return { delta, shards, added, rows };
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
