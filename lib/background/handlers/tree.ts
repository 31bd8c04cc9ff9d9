import type { Handlers } from '../../messages/protocol';
import { countInDaily, weeklyCounts } from '../../momentum';
import { ALL_TOPICS } from '../../store/schema';
import type { BackgroundContext } from '../context';
import { indexInfo, topicSummary } from '../views';

export function treeHandlers(
  ctx: BackgroundContext,
): Pick<Handlers, 'topics.tree' | 'mutes.list' | 'topic.weekly'> {
  return {
    'topic.weekly': async ({ id, weeks }) => {
      ctx.catalog.require(id);
      const T = ctx.momentum.cutoff();
      const { historyWeeks } = await ctx.settings();
      return {
        weeks: T === null ? [] : weeklyCounts(countInDaily(ctx.momentum.daily(id)), T, weeks),
        historyWeeks,
      };
    },
    'mutes.list': async () => ({
      topics: [...ctx.mutes.ids()]
        .filter((id) => ctx.catalog.get(id))
        .map((id) => topicSummary(ctx, id))
        .sort((a, b) => a.name.localeCompare(b.name)),
    }),

    'topics.tree': async () => ({
      topics: ctx.catalog.all().map((topic) => ({
        ...topicSummary(ctx, topic.id),
        parents: topic.parents,
        aliases: topic.aliases,
      })),
      all: ctx.momentum.weekly(ALL_TOPICS).map((w) => w.count),
      index: await indexInfo(ctx),
    }),
  };
}
