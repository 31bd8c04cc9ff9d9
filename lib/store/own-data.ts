import type { Backup } from '../backup';
import type { Follows } from './follows';
import type { Mutes } from './mutes';
import { countUnseenIn } from './papers';
import { MAX_SAVED } from './saved';
import type { CorrectionRecord, IndexDb, UserTopicRecord } from './schema';

/** What a user owns in the database (follows, mutes, custom topics, the reading list, corrections), as stored. */
export async function readOwnData(db: IndexDb) {
  const [follows, mutes, userTopics, saved, corrections] = await Promise.all([
    db.getAll('follows'),
    db.getAll('mutes'),
    db.getAll('userTopics'),
    db.getAll('saved'),
    db.getAll('corrections'),
  ]);
  return { follows, mutes, userTopics, saved, corrections };
}

/** What an import is merged into: the custom topics and reading-list ids as stored. */
export async function readImportTarget(db: IndexDb) {
  const [userTopics, savedIds] = await Promise.all([db.getAll('userTopics'), db.getAllKeys('saved')]);
  return { userTopics, savedIds };
}

/**
 * Merges a checked backup into the database in one transaction; the follows and mutes in memory follow once
 * it committed. A paper already on the list keeps the reader's own copy (and read mark), a topic already
 * followed keeps its seen mark, a custom topic keeps when it was created, a paper's corrections are the union
 * of both. The reading list is read in the same transaction (a paper saved since the check is kept, not
 * overwritten), and a merge that would pass MAX_SAVED changes nothing. Answers the corrections as now stored,
 * for the index to apply to its papers.
 */
export async function mergeBackup(
  db: IndexDb,
  into: {
    follows: Follows;
    mutes: Mutes;
    userTopics: readonly UserTopicRecord[];
  },
  backup: Backup,
  now: number,
): Promise<CorrectionRecord[]> {
  const tx = db.transaction(
    ['follows', 'mutes', 'userTopics', 'saved', 'papers', 'corrections'],
    'readwrite',
  );
  const mine = new Set(await tx.objectStore('saved').getAllKeys());
  const papers = (backup.saved ?? []).filter((paper) => !mine.has(paper.id));
  if (mine.size + papers.length > MAX_SAVED) {
    tx.abort();
    await tx.done.catch(() => undefined);
    throw new Error(
      `The import would pass ${MAX_SAVED.toLocaleString('en-US')} saved papers: nothing was changed`,
    );
  }
  const merging = Promise.all(
    (backup.corrections ?? []).map(async ({ paperId, topics }) => {
      const stored = await tx.objectStore('corrections').get(paperId);
      const record = { paperId, topics: [...new Set([...(stored?.topics ?? []), ...topics])], at: now };
      void tx.objectStore('corrections').put(record);
      return record;
    }),
  );
  for (const paper of papers) void tx.objectStore('saved').put(paper);
  // A follow's unseen count is kept with it (lib/store/papers.ts): counted here, against the papers as they
  // are in this transaction, for the seen mark the file brings. Papers the imported corrections take off a
  // topic are rewritten afterwards (lib/background/correcting.ts), and that write takes them off the count.
  const byTopic = tx.objectStore('papers').index('byTopic');
  const follows = await Promise.all(
    backup.follows
      .filter((f) => !into.follows.has(f.topicId))
      .map(async (f) => ({ ...f, unseen: await countUnseenIn(byTopic, f.topicId, f.seenUntil) })),
  );
  for (const f of follows) void tx.objectStore('follows').put(f);
  for (const id of backup.mutes) void tx.objectStore('mutes').put({ topicId: id, mutedAt: now });
  for (const t of backup.userTopics) {
    const previous = into.userTopics.find((u) => u.id === t.id);
    // A topic in the file without a learned scorer keeps the one stored (a file written before scorers).
    const scorer = t.scorer ?? previous?.scorer;
    const record = { id: t.id, name: t.name, query: t.query, ...(scorer ? { scorer } : {}) };
    void tx
      .objectStore('userTopics')
      .put({ ...record, createdAt: previous?.createdAt ?? now, updatedAt: now });
  }
  const corrections = await merging;
  await tx.done;
  into.follows.committed(follows);
  into.mutes.committed(backup.mutes);
  return corrections;
}
