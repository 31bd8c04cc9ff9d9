import type { Handlers } from '../../messages/protocol';
import type { SavedPaper } from '../../messages/schemas';
import type { PaperRef } from '../../paper';
import { completeRecord, savedRecord } from '../../saved/saved-record';
import { listSaved, MAX_SAVED, markRead, savedAmong, saveOnce, unsave } from '../../store/saved';
import type { SavedRecord } from '../../store/schema';
import type { BackgroundContext } from '../context';
import { orderTopics } from '../views';

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
        await unsave(db, id);
        return { saved: false };
      }
      const { indexed, full } = await saveOnce(db, id, (stored) =>
        savedRecord(id, { stored, ref: paper, topics: stored?.topics ?? tagsOf(paper) }, ctx.now()),
      );
      if (full) {
        const most = MAX_SAVED.toLocaleString('en-US');
        throw new Error(
          `Your reading list holds ${most} papers, the most PaperPulse keeps: remove some to save more`,
        );
      }
      if (!indexed) void queueLookup([id]).catch(() => undefined);
      return { saved: true };
    },

    'saved.status': async ({ ids }) => ({ saved: await savedAmong(await ctx.db(), ids) }),

    'saved.list': async () => {
      const records = await listSaved(await ctx.db(), completeRecord);
      return { papers: records.map((r) => savedPaper(ctx, r)) };
    },

    'saved.mark': async ({ id, read }) => {
      const next = await markRead(await ctx.db(), id, read);
      if (!next) throw new Error(`arXiv:${id} is not on your reading list`);
      return savedPaper(ctx, next);
    },
  };
}

export function savedPaper(ctx: BackgroundContext, record: SavedRecord): SavedPaper {
  const { topics, ...rest } = record;
  const known = topics.filter((id) => ctx.catalog.get(id));
  return { ...rest, topics: orderTopics(ctx, known).map((id) => ({ id, name: ctx.catalog.name(id) })) };
}
