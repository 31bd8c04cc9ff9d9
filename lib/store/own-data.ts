import type { Backup } from '../backup';
import type { Follows } from './follows';
import type { Mutes } from './mutes';
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
 * of both. Answers the corrections as now stored, for the index to apply to its papers.
 */
export async function mergeBackup(
  db: IndexDb,
  into: {
    follows: Follows;
    mutes: Mutes;
    userTopics: readonly UserTopicRecord[];
    savedIds: readonly string[];
  },
  backup: Backup,
  now: number,
): Promise<CorrectionRecord[]> {
  const tx = db.transaction(['follows', 'mutes', 'userTopics', 'saved', 'corrections'], 'readwrite');
  const merging = Promise.all(
    (backup.corrections ?? []).map(async ({ paperId, topics }) => {
      const mine = await tx.objectStore('corrections').get(paperId);
      const record = { paperId, topics: [...new Set([...(mine?.topics ?? []), ...topics])], at: now };
      void tx.objectStore('corrections').put(record);
      return record;
    }),
  );
  const mine = new Set(into.savedIds);
  for (const paper of backup.saved ?? []) if (!mine.has(paper.id)) void tx.objectStore('saved').put(paper);
  const follows = backup.follows.filter((f) => !into.follows.has(f.topicId));
  for (const f of follows) void tx.objectStore('follows').put(f);
  for (const id of backup.mutes) void tx.objectStore('mutes').put({ topicId: id, mutedAt: now });
  for (const t of backup.userTopics) {
    const previous = into.userTopics.find((u) => u.id === t.id);
    void tx.objectStore('userTopics').put({ ...t, createdAt: previous?.createdAt ?? now, updatedAt: now });
  }
  const corrections = await merging;
  await tx.done;
  into.follows.committed(follows);
  into.mutes.committed(backup.mutes);
  return corrections;
}
