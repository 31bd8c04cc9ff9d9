import { unseenCounts } from './papers';
import type { FollowRecord, IndexDb } from './schema';

/**
 * The followed topics: the `follows` store and its copy in memory (every topic summary reads it). Both change
 * here only, the database first: memory never shows a follow that is not stored. The unseen counts are read
 * from the store each time (writes of papers keep them there, in their own transactions).
 */
export async function loadFollows(db: () => Promise<IndexDb>) {
  const records = new Map((await (await db()).getAll('follows')).map((f) => [f.topicId, f]));
  return {
    has: (id: string) => records.has(id),
    get: (id: string) => records.get(id),
    all: () => [...records.values()],
    ids: (): ReadonlySet<string> => new Set(records.keys()),
    get size() {
      return records.size;
    },
    /** Papers of each followed topic first published after it was last seen. */
    unseen: async () => unseenCounts(await db()),
    /** Unseen papers over all follows: the number on the toolbar badge. */
    async unseenTotal() {
      const unseen = await unseenCounts(await db());
      return [...records.keys()].reduce((sum, id) => sum + (unseen.get(id) ?? 0), 0);
    },

    /**
     * Following starts from what is in the index now: only papers that arrive later are "new" (none yet).
     * The newest paper is read in the transaction that writes the follow, so no write of papers falls between.
     */
    async follow(id: string, at: number) {
      if (records.has(id)) return;
      const tx = (await db()).transaction(['papers', 'follows'], 'readwrite');
      const newest = await tx.objectStore('papers').index('published').openCursor(null, 'prev');
      const record: FollowRecord = {
        topicId: id,
        followedAt: at,
        seenUntil: newest?.value.published ?? 0,
        unseen: 0,
      };
      await tx.objectStore('follows').put(record);
      await tx.done;
      records.set(id, record);
    },

    async unfollow(id: string) {
      if (!records.has(id)) return;
      await (await db()).delete('follows', id);
      records.delete(id);
    },

    /**
     * One followed topic (or every one) seen up to the newest paper in the index: nothing is unseen then.
     * Read and written in one transaction with the papers store, so a write of papers lands before or after.
     */
    async markSeen(id?: string) {
      const tx = (await db()).transaction(['papers', 'follows'], 'readwrite');
      const follows = tx.objectStore('follows');
      const [newest, stored] = await Promise.all([
        tx.objectStore('papers').index('published').openCursor(null, 'prev'),
        id ? follows.get(id).then((f) => (f ? [f] : [])) : follows.getAll(),
      ]);
      const seenUntil = newest?.value.published ?? 0;
      const next = stored.map((follow) =>
        follow.seenUntil >= seenUntil ? follow : { ...follow, seenUntil, unseen: 0 },
      );
      for (const follow of next) void follows.put(follow);
      await tx.done;
      for (const follow of next) if (records.has(follow.topicId)) records.set(follow.topicId, follow);
    },

    /** After a lib/store transaction that wrote or deleted follows committed (an import, a deleted topic). */
    committed(added: readonly FollowRecord[], deleted: readonly string[] = []) {
      for (const follow of added) records.set(follow.topicId, follow);
      for (const id of deleted) records.delete(id);
    },
  };
}

export type Follows = Awaited<ReturnType<typeof loadFollows>>;
