import type { IDBPTransaction } from 'idb';
import { isCurrentSearch, searchState } from '../search/search-state';
import { indexForSearch, SEARCH_STORES, searchStores } from '../search/search-write';
import { paperRecord, putAnnotations } from './annotations';
import { withoutCorrected } from './corrections';
import { paperTotal } from './paper-total';
import type { IndexDb } from './schema';
import {
  ALL_TOPICS,
  type DailyCountRecord,
  type FollowRecord,
  type IndexedPaper,
  type PaperPulseDB,
  type StoredPaper,
} from './schema';

const DAY_MS = 86_400_000;

/**
 * The stores a write of papers keeps in step: one transaction, so all of it lands or none. The reader's
 * corrections are read there too (and changed there by a "Not this topic").
 */
export const WRITE_STORES = [
  'papers',
  'counts',
  'annotations',
  'meta',
  ...SEARCH_STORES,
  'follows',
  'corrections',
] as const;
/** A paper write's transaction: the rows, their counts, annotations and search index, `meta`, follows, corrections. */
export type WriteTx = IDBPTransaction<PaperPulseDB, (typeof WRITE_STORES)[number][], 'readwrite'>;

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
 * Stores papers (new or replacing older copies), keeps the daily counts exact, the papers' annotations, the
 * search index and the follows' unseen counts current, in one transaction together with a `meta` change (a
 * sync cursor, say): all of it lands or none.
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
  const tx: WriteTx = db.transaction([...WRITE_STORES], 'readwrite');
  const store = tx.objectStore('papers');
  const delta: CountDelta = new Map();
  const done = tx.done;
  let shards = new Set<string>();
  let added = 0;
  let rows: StoredPaper[] = [];
  try {
    await change?.(tx);
    const [previous, corrections, search, followed] = await Promise.all([
      Promise.all(tagged.map((p) => store.get(p.id))),
      Promise.all(tagged.map((p) => tx.objectStore('corrections').get(p.id))),
      searchState.read(tx),
      tx.objectStore('follows').getAll(),
    ]);
    // The rows as they will be stored: the reader's corrections left out before anything is indexed,
    // counted or annotated (a copy each, as the search index sets its `doc` on it).
    const unique = tagged.map((paper, i) => ({
      ...withoutCorrected(paper, new Set(corrections[i]?.topics)),
    }));
    // An index of another format or tokenizer (not yet rebuilt: lib/search/build-search.ts) is left alone.
    if (isCurrentSearch(search)) {
      await indexForSearch(
        searchStores(tx),
        search,
        unique.map((paper, i) => ({ paper, old: previous[i] })),
      );
      await searchState.write(tx, search);
    }
    const unseen = new Map(followed.map((f) => [f.topicId, { follow: f, change: 0 }]));
    unique.forEach((paper, i) => {
      const old = previous[i];
      if (old) {
        addDelta(delta, old, -1);
        countUnseen(unseen, old, -1);
      } else added++;
      addDelta(delta, paper, 1);
      countUnseen(unseen, paper, 1);
      void store.put(paperRecord(paper));
    });
    for (const { follow, change } of unseen.values()) {
      if (change !== 0)
        void tx.objectStore('follows').put({ ...follow, unseen: (follow.unseen ?? 0) + change });
    }
    const total = await paperTotal.read(tx);
    if (total !== null) await paperTotal.write(tx, total + added);
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

/** A followed topic's paper published after it was last seen changes its unseen count. */
function countUnseen(
  unseen: Map<string, { follow: FollowRecord; change: number }>,
  paper: StoredPaper,
  sign: 1 | -1,
) {
  if (!paper.tracked || unseen.size === 0) return;
  for (const topic of paper.topics) {
    const u = unseen.get(topic);
    if (u && paper.published > u.follow.seenUntil) u.change += sign;
  }
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
