import type { IndexDb, StoredPaper } from './schema';
import { topicRange } from './topic-keys';

// Where they were first written; callers import them from here.
export { topicKey, topicRange, withTopicKeys } from './topic-keys';

/** Reads of the papers store and the kept counts; a write of papers is in paper-writes.ts. */

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
 * Each followed topic's papers first published after it was last seen, as the follows keep them (every
 * write of papers updates them in its own transaction): a read of the follows, never a count of papers.
 */
export async function unseenCounts(db: IndexDb): Promise<Map<string, number>> {
  return new Map((await db.getAll('follows')).map((f) => [f.topicId, f.unseen ?? 0]));
}

/** The unseen count of a follow seen up to `seenUntil`, counted in the caller's transaction. */
export function countUnseenIn(
  index: { count(range: IDBKeyRange): Promise<number> },
  topicId: string,
  seenUntil: number,
): Promise<number> {
  return index.count(topicRange(topicId, seenUntil));
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

/** The stored rows of these ids (those that exist), in the order given, read in one transaction. */
export async function readPapersById(db: IndexDb, ids: readonly string[]): Promise<StoredPaper[]> {
  const tx = db.transaction('papers');
  const rows = await Promise.all(ids.map((id) => tx.store.get(id)));
  return rows.filter((row): row is StoredPaper => row !== undefined);
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
