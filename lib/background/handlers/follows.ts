import type { Handlers } from '../../messages/protocol';
import { topicPapers } from '../../store/papers';
import type { BackgroundContext } from '../context';
import { indexInfo, paperRow, topicSummary } from '../views';

export function followHandlers(
  ctx: BackgroundContext,
): Pick<
  Handlers,
  'follows.list' | 'follows.newPapers' | 'follows.markSeen' | 'topic.follow' | 'topic.mute' | 'mutes.list'
> {
  function known(id: string) {
    ctx.catalog.require(id);
  }

  return {
    'follows.list': async () => {
      const unseen = await ctx.follows.unseen();
      const follows = ctx.follows.all().map((f) => ({
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
      await ctx.follows.markSeen(id);
      ctx.changed();
      return {};
    },

    'topic.follow': async ({ id, follow }) => {
      known(id);
      if (follow) await ctx.follows.follow(id, ctx.now());
      else await ctx.follows.unfollow(id);
      ctx.changed();
      return topicSummary(ctx, id);
    },

    'topic.mute': async ({ id, mute }) => {
      known(id);
      if (mute) await ctx.mutes.mute(id, ctx.now());
      else await ctx.mutes.unmute(id);
      return topicSummary(ctx, id);
    },

    'mutes.list': async () => ({
      topics: [...ctx.mutes.ids()]
        .filter((id) => ctx.catalog.get(id))
        .map((id) => topicSummary(ctx, id))
        .sort((a, b) => a.name.localeCompare(b.name)),
    }),
  };
}
