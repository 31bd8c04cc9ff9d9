import type { Handlers } from '../../messages/protocol';
import type { SavedPaper } from '../../messages/schemas';
import type { PaperRef } from '../../paper';
import { completeRecord, savedRecord } from '../../saved/saved-record';
import type { SavedRecord } from '../../store/schema';
import { type BackgroundContext, orderTopics } from '../context';

/**
 * The reading list. Records are copies (see SavedRecord), so neither a reset nor a smaller history window
 * of the index loses them; a paper saved before the index had it is queued for lookup and completed later.
 */
export function savedHandlers(
  ctx: BackgroundContext,
  queueLookup: (ids: string[]) => Promise<void>,
): Pick<Handlers, 'paper.save' | 'saved.status' | 'saved.list' | 'saved.mark'> {
  const tagsOf = (ref: PaperRef | undefined) =>
    ref
      ? ctx.catalog
          .tag({
            title: ref.title,
            abstract: ref.abstract ?? '',
            categories: ref.categories,
            authors: ref.authors,
          })
          .map((t) => t.topicId)
      : [];

  return {
    'paper.save': async ({ id, save, paper }) => {
      const db = await ctx.db();
      if (!save) {
        await db.delete('saved', id);
        return { saved: false };
      }
      // Read and write in one transaction: a second Save click meanwhile does not reset `read` or savedAt.
      const tx = db.transaction(['saved', 'papers'], 'readwrite');
      const [existing, stored] = await Promise.all([
        tx.objectStore('saved').get(id),
        tx.objectStore('papers').get(id),
      ]);
      if (!existing) {
        const topics = stored?.topics ?? tagsOf(paper);
        await tx.objectStore('saved').put(savedRecord(id, { stored, ref: paper, topics }, ctx.now()));
      }
      await tx.done;
      if (!stored) void queueLookup([id]).catch(() => undefined);
      return { saved: true };
    },

    'saved.status': async ({ ids }) => {
      const store = (await ctx.db()).transaction('saved').store;
      const keys = await Promise.all(ids.map((id) => store.getKey(id)));
      return { saved: ids.filter((_, i) => keys[i] !== undefined) };
    },

    'saved.list': async () => {
      const db = await ctx.db();
      const tx = db.transaction(['saved', 'papers'], 'readwrite');
      const records = await tx.objectStore('saved').getAll();
      const incomplete = records.filter((r) => r.published === 0 || r.updated === 0 || !r.title);
      const found = await Promise.all(incomplete.map((r) => tx.objectStore('papers').get(r.id)));
      const completed = new Map<string, SavedRecord>();
      incomplete.forEach((record, i) => {
        const next = completeRecord(record, found[i]);
        if (next) completed.set(record.id, next);
      });
      await Promise.all([...completed.values()].map((r) => tx.objectStore('saved').put(r)));
      await tx.done;
      return { papers: records.map((r) => savedPaper(ctx, completed.get(r.id) ?? r)) };
    },

    'saved.mark': async ({ id, read }) => {
      const tx = (await ctx.db()).transaction('saved', 'readwrite');
      const record = await tx.store.get(id);
      if (!record) throw new Error(`arXiv:${id} is not on your reading list`);
      const next = { ...record, read };
      await tx.store.put(next);
      await tx.done;
      return savedPaper(ctx, next);
    },
  };
}

export function savedPaper(ctx: BackgroundContext, record: SavedRecord): SavedPaper {
  const { topics, ...rest } = record;
  const known = topics.filter((id) => ctx.catalog.get(id));
  return { ...rest, topics: orderTopics(ctx, known).map((id) => ({ id, name: ctx.catalog.name(id) })) };
}
