import type { Follows } from './follows';
import type { Mutes } from './mutes';
import type { IndexDb, UserTopicRecord } from './schema';

/** The custom topics as stored (the catalog keeps the compiled ones; lib/user-topics.ts checks a draft). */
export function userTopicStore(db: () => Promise<IndexDb>, follows: Follows, mutes: Mutes) {
  return {
    all: async () => (await db()).getAll('userTopics'),
    ids: async () => new Set(await (await db()).getAllKeys('userTopics')),
    get: async (id: string) => (await db()).get('userTopics', id),
    put: async (topic: UserTopicRecord) => void (await (await db()).put('userTopics', topic)),

    /** Deletes a custom topic with its follow and mute, in one transaction. */
    async remove(id: string) {
      const tx = (await db()).transaction(['userTopics', 'follows', 'mutes'], 'readwrite');
      void tx.objectStore('userTopics').delete(id);
      void tx.objectStore('follows').delete(id);
      void tx.objectStore('mutes').delete(id);
      await tx.done;
      follows.committed([], [id]);
      mutes.committed([], [id]);
    },
  };
}

export type UserTopicStore = ReturnType<typeof userTopicStore>;
