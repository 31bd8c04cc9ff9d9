import type { IDBPObjectStore, IDBPTransaction } from 'idb';
import { paperRecord, putAnnotations } from './annotations';
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
 * A change of `meta` records made inside a write's transaction: `write` gets the current values of the
 * `read` keys and returns the records to put. Read and write in one transaction, so a change another
 * actor made meanwhile (a plan added while a request was out) is built upon, never overwritten.
 */
export interface MetaChange {
  read: readonly string[];
  write: (current: Record<string, unknown>) => Record<string, unknown>;
}

/**
 * Stores papers (new or replacing older copies), keeps the daily counts exact and the papers' annotations
 * current, in one transaction together with `meta` updates (a sync cursor, say): all of it lands or none.
 * A paper listed twice is stored and counted once (the last copy wins): arXiv has sent an entry twice in one
 * page, and the rows are all looked up before any is written.
 */
export async function writePapers(
  db: IndexDb,
  papers: readonly IndexedPaper[],
  meta: Record<string, unknown> = {},
  change?: MetaChange,
): Promise<WriteResult> {
  const unique = [...new Map(papers.map((paper) => [paper.id, paper])).values()];
  const tx: WriteTx = db.transaction(['papers', 'counts', 'annotations', 'meta'], 'readwrite');
  const store = tx.objectStore('papers');
  const delta: CountDelta = new Map();
  const done = tx.done;
  let shards = new Set<string>();
  try {
    const metaStore = tx.objectStore('meta');
    const changed = change ? await readAndChange(metaStore, change) : {};
    const metaWrites = Object.entries({ ...meta, ...changed }).map(([key, value]) =>
      metaStore.put({ key, value }),
    );
    const previous = await Promise.all(unique.map((p) => store.get(p.id)));
    unique.forEach((paper, i) => {
      const old = previous[i];
      if (old) addDelta(delta, old, -1);
      addDelta(delta, paper, 1);
      void store.put(paperRecord(paper));
    });
    await applyDelta(tx, delta);
    shards = await putAnnotations(tx.objectStore('annotations'), unique);
    await Promise.all(metaWrites);
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
  return { delta, shards };
}

async function readAndChange(
  metaStore: IDBPObjectStore<
    PaperPulseDB,
    ('papers' | 'counts' | 'annotations' | 'meta')[],
    'meta',
    'readwrite'
  >,
  change: MetaChange,
): Promise<Record<string, unknown>> {
  const records = await Promise.all(change.read.map((key) => metaStore.get(key)));
  return change.write(Object.fromEntries(change.read.map((key, i) => [key, records[i]?.value])));
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
