import type { IndexInfo, PaperRow, TopicSummary } from '../messages/schemas';
import type { Paper } from '../paper';
import type { StoredPaper } from '../store/schema';
import type { BackgroundContext } from './context';

/** How the handlers word what they answer: a topic's summary, the index's state, a paper's row. */

export function topicSummary(ctx: BackgroundContext, id: string): TopicSummary {
  const topic = ctx.catalog.get(id);
  const summary: TopicSummary = {
    id,
    name: topic?.name ?? id,
    kind: topic?.kind ?? 'fine',
    followed: ctx.follows.has(id),
    muted: ctx.mutes.has(id),
    momentum: ctx.momentum.momentum(id),
    weekly: ctx.momentum.weekly(id).map((w) => w.count),
  };
  if (topic?.expansion) summary.expansion = topic.expansion;
  const broader = ctx.catalog.specificity.broader(id);
  if (broader.length > 0) summary.broader = broader;
  if (ctx.catalog.specificity.isField(id)) summary.field = true;
  return summary;
}

export async function indexInfo(ctx: BackgroundContext): Promise<IndexInfo> {
  const [settings, sync] = await Promise.all([ctx.settings(), ctx.progress()]);
  const cutoff = ctx.momentum.cutoff();
  return {
    categories: settings.categories,
    cutoff,
    // Momentum needs the whole history window: until the first backfill is through, it is not known.
    filling: cutoff === null || (sync.running && sync.progress < 1),
    progress: sync.progress,
  };
}

export function paperRow(
  ctx: BackgroundContext,
  paper: StoredPaper | (Paper & { topics: string[] }),
): PaperRow {
  return {
    id: paper.id,
    title: paper.title,
    abstract: paper.abstract,
    authors: paper.authors,
    authorCount: paper.authorCount,
    primary: paper.primary,
    categories: paper.categories,
    published: paper.published,
    topics: orderTopics(ctx, paper.topics).map((id) => ({ id, name: ctx.catalog.name(id) })),
  };
}

/**
 * Fine and user topics first, the most specific first (a topic none of the others narrows, then a field,
 * then the broader topics of the others: Agentic RL before Reinforcement Learning), each in the tagger's
 * order; arXiv categories last.
 */
export function orderTopics(ctx: BackgroundContext, ids: readonly string[]): string[] {
  const isCategory = (id: string) => ctx.catalog.get(id)?.kind === 'category';
  const { broader, isField } = ctx.catalog.specificity;
  const topics = ids.filter((id) => !isCategory(id));
  const narrowed = new Set(topics.flatMap(broader));
  const rank = (id: string) => (narrowed.has(id) ? 2 : isField(id) ? 1 : 0);
  return [...topics.sort((a, b) => rank(a) - rank(b)), ...ids.filter(isCategory)];
}
