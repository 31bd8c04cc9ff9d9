import type { Handlers } from '../../messages/protocol';
import type { Settings } from '../../settings';
import type { BackgroundContext } from '../context';
import type { Emerging } from '../emerging';
import type { Indexing } from '../indexing';
import type { RisingInside } from '../rising-inside';
import { adminHandlers } from './admin';
import { annotateHandlers } from './annotate';
import { askHandlers } from './ask';
import { authorHandlers } from './authors';
import { categoryHandlers } from './categories';
import { correctionHandlers } from './corrections';
import { discoverHandlers } from './discover';
import { followHandlers } from './follows';
import { risingHandlers } from './rising';
import { savedHandlers } from './saved';
import { searchHandlers } from './search';
import { topicHandlers } from './topics';
import { learnHandlers } from './topics-learn';
import { treeHandlers } from './tree';
import { userTopicHandlers } from './user-topics';

export interface RegistryDeps {
  indexing: Indexing;
  /** Emerging phrases, kept per week. */
  emerging: Emerging;
  /** The phrases rising inside a topic, kept in memory for the topics last asked. */
  risingInside: RisingInside;
  /** Start (or join) a pass of background work. */
  kick: () => void;
  resetIndex: () => Promise<void>;
  writeSettings: (settings: Settings) => Promise<void>;
  /** Opens an extension page in a new tab. */
  openTab: (url: string) => Promise<void>;
  self: { id: string; origin: string };
}

/** Every message's handler, over a loaded context: the one map the dispatcher is built from. */
export function createHandlers(ctx: BackgroundContext, deps: RegistryDeps): Handlers {
  const queueLookup = async (ids: string[]) => {
    await deps.indexing.ingestor.queueLookup(ids);
    deps.kick();
  };
  const userTopicsChanged = async () => {
    ctx.catalog.setUserTopics(await ctx.userTopics.all());
    deps.kick();
  };
  const follows = followHandlers(ctx);
  return {
    ...annotateHandlers(ctx, deps.indexing.annotations, queueLookup),
    ...topicHandlers(
      ctx,
      (id, ask) =>
        deps.openTab(`${deps.self.origin}/topic.html?id=${encodeURIComponent(id)}${ask ? '&ask=' : ''}`),
      deps.indexing.search,
    ),
    ...learnHandlers(ctx, (path) => deps.openTab(`${deps.self.origin}${path}`)),
    ...searchHandlers(ctx, deps.indexing.search),
    ...askHandlers(ctx, deps.risingInside),
    ...treeHandlers(ctx),
    ...authorHandlers(ctx, {
      userTopicsChanged,
      follow: (id) => follows['topic.follow']({ id, follow: true }, deps.self),
    }),
    ...follows,
    ...categoryHandlers(ctx),
    ...discoverHandlers(ctx, deps.emerging),
    ...risingHandlers(ctx, deps.risingInside),
    ...savedHandlers(ctx, queueLookup),
    ...correctionHandlers(ctx, deps.indexing),
    ...userTopicHandlers(ctx, userTopicsChanged),
    ...adminHandlers(ctx, {
      ingestor: deps.indexing.ingestor,
      paperTotal: deps.indexing.paperTotal,
      arxivHold: deps.indexing.arxivHold,
      upkeep: deps.indexing.upkeep,
      kick: deps.kick,
      resetIndex: deps.resetIndex,
      writeSettings: deps.writeSettings,
      userTopicsChanged,
      rewrite: deps.indexing.rewrite,
    }),
  };
}
