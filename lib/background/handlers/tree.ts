import type { Handlers } from '../../messages';
import { ALL_TOPICS } from '../../store/schema';
import { type BackgroundContext, indexInfo, topicSummary } from '../context';

export function treeHandlers(ctx: BackgroundContext): Pick<Handlers, 'topics.tree' | 'mutes.list'> {
  return {
    'mutes.list': async () => ({
      topics: [...ctx.mutes]
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
