import { newestPublished, unseenCounts } from './papers';
import type { FollowRecord, IndexDb } from './schema';

/**
 * The followed topics: the `follows` store and its copy in memory (every topic summary and the toolbar
 * badge read it). Both change here only, the database first: memory never shows a follow that is not stored.
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
    unseen: async () => unseenCounts(await db(), records.values()),
    /** Unseen papers over all follows: the number on the toolbar badge. */
    async unseenTotal() {
      const unseen = await unseenCounts(await db(), records.values());
      return [...unseen.values()].reduce((a, b) => a + b, 0);
    },

    /** Following starts from what is in the index now: only papers that arrive later are "new". */
    async follow(id: string, at: number) {
      if (records.has(id)) return;
      const database = await db();
      const record: FollowRecord = {
        topicId: id,
        followedAt: at,
        seenUntil: await newestPublished(database),
      };
      await database.put('follows', record);
      records.set(id, record);
    },

    async unfollow(id: string) {
      if (!records.has(id)) return;
      await (await db()).delete('follows', id);
      records.delete(id);
    },

    /** One followed topic (or every one) seen up to the newest paper in the index. */
    async markSeen(id?: string) {
      const database = await db();
      const seenUntil = await newestPublished(database);
      const targets = id ? [records.get(id)].filter((f) => f !== undefined) : [...records.values()];
      const tx = database.transaction('follows', 'readwrite');
      const next = targets.map((follow) => ({ ...follow, seenUntil: Math.max(follow.seenUntil, seenUntil) }));
      for (const follow of next) void tx.store.put(follow);
      await tx.done;
      for (const follow of next) records.set(follow.topicId, follow);
    },

    /** After a lib/store transaction that wrote or deleted follows committed (an import, a deleted topic). */
    committed(added: readonly FollowRecord[], deleted: readonly string[] = []) {
      for (const follow of added) records.set(follow.topicId, follow);
      for (const id of deleted) records.delete(id);
    },
  };
}

export type Follows = Awaited<ReturnType<typeof loadFollows>>;
