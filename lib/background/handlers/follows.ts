import type { Handlers } from '../../messages/protocol';
import { MAX_CATEGORIES } from '../../settings';
import { newestPublished, topicPapers, unseenCounts } from '../../store/papers';
import type { FollowRecord } from '../../store/schema';
import { type BackgroundContext, indexInfo, paperRow, topicSummary } from '../context';

export function followHandlers(
  ctx: BackgroundContext,
): Pick<
  Handlers,
  'follows.list' | 'follows.newPapers' | 'follows.markSeen' | 'topic.follow' | 'topic.mute' | 'category.track'
> {
  function known(id: string) {
    ctx.catalog.require(id);
  }

  return {
    'follows.list': async () => {
      const unseen = await unseenCounts(await ctx.db(), ctx.follows.values());
      const follows = [...ctx.follows.values()].map((f) => ({
        ...topicSummary(ctx, f.topicId),
        newCount: unseen.get(f.topicId) ?? 0,
      }));
      // What is new first, then by name.
      follows.sort((a, b) => b.newCount - a.newCount || a.name.localeCompare(b.name));
      return { follows, index: await indexInfo(ctx) };
    },

    'follows.newPapers': async ({ id, limit }) => {
      const follow = ctx.follows.get(id);
      const db = await ctx.db();
      const papers = await topicPapers(db, id, 0, limit);
      const since = follow?.seenUntil ?? Number.NEGATIVE_INFINITY;
      return { papers: papers.filter((p) => p.published > since).map((p) => paperRow(ctx, p)) };
    },

    'follows.markSeen': async ({ id }) => {
      const db = await ctx.db();
      const seenUntil = await newestPublished(db);
      const targets = id ? [ctx.follows.get(id)].filter((f) => f !== undefined) : [...ctx.follows.values()];
      const tx = db.transaction('follows', 'readwrite');
      for (const follow of targets) {
        const next = { ...follow, seenUntil: Math.max(follow.seenUntil, seenUntil) };
        void tx.store.put(next);
        ctx.follows.set(next.topicId, next);
      }
      await tx.done;
      ctx.changed();
      return {};
    },

    'topic.follow': async ({ id, follow }) => {
      known(id);
      const db = await ctx.db();
      if (follow && !ctx.follows.has(id)) {
        // Following starts from what is in the index now: only papers that arrive later are "new".
        const record: FollowRecord = {
          topicId: id,
          followedAt: ctx.now(),
          seenUntil: await newestPublished(db),
        };
        await db.put('follows', record);
        ctx.follows.set(id, record);
      } else if (!follow && ctx.follows.has(id)) {
        await db.delete('follows', id);
        ctx.follows.delete(id);
      }
      ctx.changed();
      return topicSummary(ctx, id);
    },

    'topic.mute': async ({ id, mute }) => {
      known(id);
      const db = await ctx.db();
      if (mute) {
        await db.put('mutes', { topicId: id, mutedAt: ctx.now() });
        ctx.mutes.add(id);
      } else {
        await db.delete('mutes', id);
        ctx.mutes.delete(id);
      }
      return topicSummary(ctx, id);
    },

    'category.track': async ({ category }) => {
      if (ctx.catalog.get(category)?.kind !== 'category')
        throw new Error(`Unknown arXiv category "${category}"`);
      const settings = await ctx.updateSettings((current) => {
        if (current.categories.includes(category)) return current;
        // Refused here, where the write happens: past the cap the stored settings would not validate.
        if (current.categories.length >= MAX_CATEGORIES)
          throw new Error(
            `PaperPulse tracks at most ${MAX_CATEGORIES} categories: remove one on the options page first`,
          );
        return { ...current, categories: [...current.categories, category] };
      });
      return { categories: settings.categories };
    },
  };
}

/** Unseen papers over all follows: the number on the toolbar badge. */
export async function unseenTotal(ctx: BackgroundContext): Promise<number> {
  const unseen = await unseenCounts(await ctx.db(), ctx.follows.values());
  return [...unseen.values()].reduce((a, b) => a + b, 0);
}
