import type { IndexDb } from './schema';

/**
 * The muted topics: the `mutes` store and its copy in memory (suggestions, trending and summaries read it).
 * Both change here only, the database first.
 */
export async function loadMutes(db: () => Promise<IndexDb>) {
  const ids = new Set((await (await db()).getAll('mutes')).map((m) => m.topicId));
  return {
    has: (id: string) => ids.has(id),
    ids: (): ReadonlySet<string> => new Set(ids),

    async mute(id: string, at: number) {
      await (await db()).put('mutes', { topicId: id, mutedAt: at });
      ids.add(id);
    },

    async unmute(id: string) {
      await (await db()).delete('mutes', id);
      ids.delete(id);
    },

    /** After a lib/store transaction that wrote or deleted mutes committed (an import, a deleted topic). */
    committed(added: readonly string[], deleted: readonly string[] = []) {
      for (const id of added) ids.add(id);
      for (const id of deleted) ids.delete(id);
    },
  };
}

export type Mutes = Awaited<ReturnType<typeof loadMutes>>;
