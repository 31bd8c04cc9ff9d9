import MiniSearch from 'minisearch';
import type { Handlers, ResponseOf } from '../../messages/protocol';
import type { TopicInfo } from '../../messages/schemas';
import { countInDaily, weeklyCounts } from '../../momentum';
import { CHART_WEEKS, mondayStart, WEEK_MS } from '../../momentum/weekly-counts';
import { countTopicPapers, topicPapers } from '../../store/papers';
import type { StoredPaper } from '../../store/schema';
import type { BackgroundContext } from '../context';
import { indexInfo, paperRow, topicSummary } from '../views';
import { trendingTopics } from './trending';

/** Related topics are counted over this many of the topic's newest papers. */
const RELATED_SAMPLE = 500;
/** "Ask about this topic" searches this many of the topic's newest papers. */
const ASK_SAMPLE = 5000;

export function topicHandlers(
  ctx: BackgroundContext,
  /** Opens the extension's topic page for `id` in a new tab (a web page's link cannot). */
  openTopicPage: (id: string) => Promise<void>,
): Pick<
  Handlers,
  | 'topic.get'
  | 'topic.ask'
  | 'topic.open'
  | 'topic.weekly'
  | 'topics.find'
  | 'topics.suggested'
  | 'topics.trending'
> {
  return {
    'topic.open': async ({ id }) => {
      ctx.catalog.require(id);
      await openTopicPage(id);
      return {};
    },
    'topic.weekly': async ({ id, weeks }) => {
      ctx.catalog.require(id);
      const T = ctx.momentum.cutoff();
      const { historyWeeks } = await ctx.settings();
      return {
        weeks: T === null ? [] : weeklyCounts(countInDaily(ctx.momentum.daily(id)), T, weeks),
        historyWeeks,
      };
    },

    'topic.get': (request) => topicPage(ctx, request),
    'topic.ask': createTopicAsk(ctx),
    'topics.find': async ({ query, limit }) => ({
      topics: ctx.catalog.find(query, limit).map((t) => topicSummary(ctx, t.id)),
    }),
    'topics.suggested': ({ limit }) => suggestedTopics(ctx, limit),
    'topics.trending': ({ limit }) => trendingTopics(ctx, limit),
  };
}

/** What the topic page shows about a topic; an alias or an old id answers for the topic it means. */
function topicInfo(ctx: BackgroundContext, asked: string): TopicInfo {
  const id = ctx.catalog.resolve(asked) ?? asked;
  const topic = ctx.catalog.require(id);
  const result: TopicInfo = {
    id,
    name: topic.name,
    kind: topic.kind,
    aliases: topic.aliases,
    parents: topic.parents.map((p) => ({ id: p, name: ctx.catalog.name(p) })),
    description: topic.description,
  };
  if (topic.expansion) result.expansion = topic.expansion;
  if (topic.rule) result.rule = topic.rule;
  return result;
}

/** The topic page: info, papers, how they spread over time, related topics. */
async function topicPage(
  ctx: BackgroundContext,
  { id: asked, offset, limit }: Parameters<Handlers['topic.get']>[0],
): Promise<ResponseOf<'topic.get'>> {
  // An alias or an old id answers for the topic it means; the page moves to the topic's own id.
  const info = topicInfo(ctx, asked);
  const id = info.id;
  const db = await ctx.db();
  const T = ctx.momentum.cutoff();
  const chartStart = T === null ? null : mondayStart(T) - (CHART_WEEKS - 1) * WEEK_MS;
  const [papers, total, sample, newer, inChart] = await Promise.all([
    topicPapers(db, id, offset, limit),
    countTopicPapers(db, id),
    topicPapers(db, id, 0, RELATED_SAMPLE),
    T === null ? 0 : countTopicPapers(db, id, T),
    chartStart === null ? 0 : countTopicPapers(db, id, chartStart - 1, T!),
  ]);
  const cooccur = new Map<string, number>();
  for (const paper of sample) {
    for (const other of paper.topics) {
      if (other !== id && ctx.catalog.get(other)?.kind !== 'category') {
        cooccur.set(other, (cooccur.get(other) ?? 0) + 1);
      }
    }
  }
  const related = [...cooccur]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 12)
    .map(([other, count]) => ({ id: other, name: ctx.catalog.name(other), count }));
  return {
    info,
    summary: topicSummary(ctx, id),
    papers: papers.map((p) => paperRow(ctx, p)),
    total,
    spans: { inChart, newer, older: Math.max(0, total - inChart - newer) },
    related,
    index: await indexInfo(ctx),
  };
}

/** "Ask about this topic": a full-text search over the topic's newest papers, the index kept per topic. */
function createTopicAsk(ctx: BackgroundContext): Handlers['topic.ask'] {
  // One search index at a time: the topic page asks repeatedly about the same topic.
  let search: { key: string; index: MiniSearch<StoredPaper>; papers: Map<string, StoredPaper> } | undefined;
  return async ({ id: asked, question, limit }) => {
    const { id } = topicInfo(ctx, asked);
    const db = await ctx.db();
    const key = `${id}@${await countTopicPapers(db, id)}`;
    if (search?.key !== key) {
      const papers = await topicPapers(db, id, 0, ASK_SAMPLE);
      const index = new MiniSearch<StoredPaper>({
        fields: ['title', 'abstract'],
        storeFields: [],
        searchOptions: { boost: { title: 2 }, prefix: true, fuzzy: 0.15 },
      });
      index.addAll(papers);
      search = { key, index, papers: new Map(papers.map((p) => [p.id, p])) };
    }
    const hits = search.index.search(question).slice(0, limit);
    return {
      papers: hits.map((hit) => ({
        ...paperRow(ctx, search!.papers.get(String(hit.id))!),
        score: hit.score,
      })),
      searched: search.papers.size,
    };
  };
}

/** Topics to start from: the largest fine topics and a few rising ones, muted ones left out. */
async function suggestedTopics(
  ctx: BackgroundContext,
  limit: number,
): Promise<ResponseOf<'topics.suggested'>> {
  const fine = (id: string) => ctx.catalog.get(id)?.kind === 'fine' && !ctx.mutes.has(id);
  const rising = ctx.momentum.trending(Math.ceil(limit / 3), fine).map((c) => c.topic);
  const largest = ctx.momentum
    .topics()
    .filter((id) => fine(id) && !rising.includes(id))
    .map((id) => ({ id, recent: ctx.momentum.momentum(id)?.recent ?? 0 }))
    .filter((t) => t.recent > 0)
    .sort((a, b) => b.recent - a.recent || a.id.localeCompare(b.id))
    .slice(0, limit - rising.length)
    .map((t) => t.id);
  return {
    topics: [...largest, ...rising].map((id) => topicSummary(ctx, id)),
    index: await indexInfo(ctx),
  };
}
