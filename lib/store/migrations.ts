import type { IDBPDatabase, IDBPTransaction, StoreNames } from 'idb';
import { TOKENIZER_VERSION } from '../text/words';
import { putAnnotations } from './annotations';
import { topicRange } from './papers';
import type { PaperPulseDB, StoredPaper } from './schema';

type UpgradeTx = IDBPTransaction<PaperPulseDB, StoreNames<PaperPulseDB>[], 'versionchange'>;

/**
 * Forward-only migrations: `MIGRATIONS[i]` takes a database from version i to version i+1.
 * Never edit a shipped step; add a new one. A test opens a database created at every older
 * version and checks that its data survives.
 */
export const MIGRATIONS: ((db: IDBPDatabase<PaperPulseDB>, tx: UpgradeTx) => void)[] = [
  // 0 -> 1: papers by id with their first-version date, and a key-value store for sync state.
  (db) => {
    const papers = db.createObjectStore('papers', { keyPath: 'id' });
    papers.createIndex('published', 'published');
    db.createObjectStore('meta', { keyPath: 'key' });
  },
  // 1 -> 2: the topic index. Papers get topic keys (paged per topic, newest first), daily counts per
  // topic kept as papers arrive, follows, mutes and user topics. Papers stored at v1 carry no topics
  // yet: they are left as they are and the re-tagging job (which finds them untracked) tags them.
  (db, tx) => {
    tx.objectStore('papers').createIndex('byTopic', 'topicKeys', { multiEntry: true });
    db.createObjectStore('counts', { keyPath: 'topic' });
    db.createObjectStore('follows', { keyPath: 'topicId' });
    db.createObjectStore('mutes', { keyPath: 'topicId' });
    db.createObjectStore('userTopics', { keyPath: 'id' });
  },
  // 2 -> 3: annotations, sharded by id prefix, so a page's papers are answered without reading abstracts.
  // Built here from the stored topics (without evidence: a re-tag adds it).
  (db, tx) => {
    db.createObjectStore('annotations', { keyPath: 'shard' });
    void fillAnnotations(tx);
  },
  // 3 -> 4: the reading list (saved papers), a store of its own so the index's clean-ups never touch it.
  (db) => {
    db.createObjectStore('saved', { keyPath: 'id' }).createIndex('savedAt', 'savedAt');
  },
  // 4 -> 5: per-week phrase counts for emerging phrases. Left empty: the background counts the weeks it
  // needs from the stored papers when they are missing.
  (db) => {
    db.createObjectStore('emergingWeeks', { keyPath: 'week' });
  },
  // 5 -> 6: the stored search index (lib/search/), empty, of format 1 and this build's tokenizer (it is
  // filled by this build's code, lib/text/words.ts), to be built: writes of papers index
  // what they write from now on, and the background builds it from the papers already stored, in slices.
  // Follows keep their unseen count and `meta` the number of papers, so the popup and a cold worker read
  // them instead of counting the papers store: counted here once.
  (db, tx) => {
    db.createObjectStore('searchPostings', { keyPath: ['block', 'bucket'] });
    db.createObjectStore('searchDocs', { keyPath: 'block' });
    const search = {
      format: 1,
      tokenizer: TOKENIZER_VERSION,
      nextDoc: 0,
      live: 0,
      totalLength: 0,
      topics: [],
      build: { done: false },
    };
    void tx.objectStore('meta').put({ key: 'search', value: search, version: 1 });
    void countUnseen(tx);
    // The paper count is kept too (lib/store/paper-total.ts): counted here once.
    void tx
      .objectStore('papers')
      .count()
      .then((total) => tx.objectStore('meta').put({ key: 'papers.total', value: total, version: 1 }));
  },
  // 6 -> 7: the reader's "Not this topic" corrections, by paper. Left empty: nobody has corrected yet.
  (db) => {
    db.createObjectStore('corrections', { keyPath: 'paperId' });
  },
  // 7 -> 8: which words stand side by side in each search document (lib/search/word-pairs.ts), left empty.
  // An empty search index (a new database) is of format 2 at once; one holding documents stays of format 1,
  // and is built again with them (lib/search/build-search.ts).
  (db, tx) => {
    db.createObjectStore('searchPairs', { keyPath: 'block' });
    const meta = tx.objectStore('meta');
    void meta.get('search').then((record) => {
      const value = record?.value as { format?: number; nextDoc?: number } | undefined;
      if (value?.format === 1 && value.nextDoc === 0)
        void meta.put({ ...record!, value: { ...value, format: 2 } });
    });
  },
];

async function countUnseen(tx: UpgradeTx) {
  const follows = tx.objectStore('follows');
  const byTopic = tx.objectStore('papers').index('byTopic');
  for (const follow of await follows.getAll()) {
    const unseen = await byTopic.count(topicRange(follow.topicId, follow.seenUntil));
    await follows.put({ ...follow, unseen });
  }
}

async function fillAnnotations(tx: UpgradeTx) {
  const papers: StoredPaper[] = [];
  for (let cursor = await tx.objectStore('papers').openCursor(); cursor; cursor = await cursor.continue()) {
    papers.push(cursor.value);
  }
  await putAnnotations(tx.objectStore('annotations'), papers);
}

export const DB_VERSION = MIGRATIONS.length;

export function runMigrations(
  db: IDBPDatabase<PaperPulseDB>,
  oldVersion: number,
  newVersion: number,
  tx: UpgradeTx,
): void {
  for (let v = oldVersion; v < newVersion; v++) MIGRATIONS[v]!(db, tx);
}
