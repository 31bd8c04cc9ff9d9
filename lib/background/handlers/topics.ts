import type { Handlers, ResponseOf } from '../../messages/protocol';
import type { TopicInfo } from '../../messages/schemas';
import { countInDaily, weeklyCounts } from '../../momentum';
import { dailySpans, startOfNewest } from '../../momentum/daily-spans';
import { CHART_WEEKS, mondayStart, WEEK_MS } from '../../momentum/weekly-counts';
import type { StoredSearch } from '../../search/stored-search';
import { readPapers, topicPapers, topicPapersIn } from '../../store/papers';
import type { BackgroundContext } from '../context';
import { indexInfo, paperRow, topicSummary } from '../views';
import { trendingTopics } from './trending';

/** Related topics are counted over this many of the topic's newest papers. */
const RELATED_SAMPLE = 500;

export function topicHandlers(
  ctx: BackgroundContext,
  /** Opens the extension's topic page for `id` in a new tab (a web page's link cannot). */
  openTopicPage: (id: string, ask?: boolean) => Promise<void>,
  search: StoredSearch,
): Pick<
  Handlers,
  | 'topic.head'
  | 'topic.get'
  | 'topic.ask'
  | 'topic.open'
  | 'topic.weekly'
  | 'topics.find'
  | 'topics.suggested'
  | 'topics.trending'
> {
  return {
    'topic.open': async ({ id, ask }) => {
      ctx.catalog.require(id);
      await openTopicPage(id, ask);
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

    'topic.head': async ({ id: asked }) => {
      const info = topicInfo(ctx, asked);
      return { info, summary: topicSummary(ctx, info.id), index: await indexInfo(ctx) };
    },
    'topic.get': (request) => topicPage(ctx, request),
    'topic.ask': createTopicAsk(ctx, search),
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
  // Counts from the kept daily counts; the related topics from the newest papers, read in one request from
  // the day that holds the RELATED_SAMPLE newest (a cursor's request a paper cost the page tens of ms).
  const daily = ctx.momentum.daily(id);
  const { total, newer, inChart } = dailySpans(daily, T, chartStart);
  const [papers, recent] = await Promise.all([
    topicPapers(db, id, offset, limit),
    topicPapersIn(db, id, startOfNewest(daily, RELATED_SAMPLE) - 1, Number.MAX_SAFE_INTEGER),
  ]);
  const sample = recent.slice(-RELATED_SAMPLE);
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

/**
 * "Ask about this topic": a search of the stored index for any of the question's words, among the topic's
 * papers (nothing is built per topic: the first question reads what its words need, as later ones do).
 */
function createTopicAsk(ctx: BackgroundContext, search: StoredSearch): Handlers['topic.ask'] {
  return async ({ id: asked, question, limit }) => {
    const { id } = topicInfo(ctx, asked);
    const { hits } = await search.search({ text: question, mode: 'or', topic: id, top: limit });
    const top = hits.slice(0, limit);
    const rows = await readPapers(
      await ctx.db(),
      top.map((h) => h.id),
    );
    return {
      papers: top.flatMap((hit, i) => (rows[i] ? [{ ...paperRow(ctx, rows[i]), score: hit.score }] : [])),
      searched: topicTotal(ctx, id),
    };
  };
}

/** A topic's tracked papers, from the kept daily counts. */
function topicTotal(ctx: BackgroundContext, id: string): number {
  let total = 0;
  for (const n of ctx.momentum.daily(id).values()) total += n;
  return total;
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
