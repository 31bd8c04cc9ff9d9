import type { Handlers } from '../../messages/protocol';
import { ALL_TOPICS } from '../../store/schema';
import type { BackgroundContext } from '../context';
import { indexInfo, topicSummary } from '../views';

export function treeHandlers(ctx: BackgroundContext): Pick<Handlers, 'topics.tree'> {
  return {
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
