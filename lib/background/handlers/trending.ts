import type { ResponseOf } from '../../messages/protocol';
import type { TrendingTopic } from '../../messages/schemas';
import { WINDOW_MS } from '../../momentum/compute-momentum';
import {
  authorConcentration,
  BURST_SHARE,
  type CategoryWindows,
  categoryBaseline,
  rankTrending,
  type TrendCandidate,
} from '../../momentum/trending';
import { topicPapersIn } from '../../store/papers';
import type { BackgroundContext } from '../context';
import { indexInfo, topicSummary } from '../views';

// Trending for the popup: rising topics ranked against their own categories, bursts (a week, an author
// group) after the rest.

/** The trending picks (topic and burst) last worked out, per context, and what they were worked out from. */
const trendingKept = new WeakMap<BackgroundContext, { key: string; picks: TrendingPick[] }>();

interface TrendingPick {
  topic: string;
  burst?: TrendingTopic['burst'];
}

/**
 * Rising topics for the popup and the topics page. Which topics, and their bursts, change only when the
 * counts or the mutes do: they are kept until then (working them out reads each candidate's recent papers,
 * about a second on a year's index), and only the summaries (followed, muted) are built on every ask.
 */
export async function trendingTopics(
  ctx: BackgroundContext,
  limit: number,
): Promise<ResponseOf<'topics.trending'>> {
  const key = `${ctx.momentum.generation()}|${limit}|${[...ctx.mutes.ids()].sort().join(',')}`;
  let kept = trendingKept.get(ctx);
  if (kept?.key !== key) {
    kept = { key, picks: await trendingPicks(ctx, limit) };
    trendingKept.set(ctx, kept);
  }
  const topics = kept.picks.map(({ topic, burst }) =>
    burst ? { ...topicSummary(ctx, topic), burst } : topicSummary(ctx, topic),
  );
  return { topics, index: await indexInfo(ctx) };
}

/**
 * Every rising or new topic is a candidate; its papers of both windows say which categories it lives in, so
 * it is ranked against those (lib/momentum/trending.ts categoryBaseline): a rise that only follows its
 * categories' growth in the index (cs.CV cross-lists, say) does not trend.
 */
async function trendingPicks(ctx: BackgroundContext, limit: number): Promise<TrendingPick[]> {
  const T = ctx.momentum.cutoff();
  if (T === null) return [];
  const candidates = ctx.momentum.trending(
    Number.POSITIVE_INFINITY,
    (id) => ctx.catalog.get(id)?.kind !== 'category' && !ctx.mutes.has(id),
  );
  const categories: CategoryWindows = (id) => {
    const m = ctx.catalog.get(id)?.kind === 'category' ? ctx.momentum.momentum(id) : null;
    return m ? { recent: m.recent, previous: m.previous } : undefined;
  };
  const db = await ctx.db();
  const authorsOf = new Map<string, ReturnType<typeof authorConcentration>>();
  const corrected = await Promise.all(
    candidates.map(async (c): Promise<TrendCandidate> => {
      const papers = await topicPapersIn(db, c.topic, T - 2 * WINDOW_MS, T);
      authorsOf.set(c.topic, authorConcentration(papers.filter((p) => p.published > T - WINDOW_MS)));
      return { ...c, baseline: categoryBaseline(papers, categories, c.momentum, T) };
    }),
  );
  const picks = rankTrending(corrected).map((c): TrendingPick => {
    const authors = authorsOf.get(c.topic)!;
    const burst: TrendingTopic['burst'] =
      c.burstWeek !== undefined
        ? { kind: 'week', count: c.burstWeek }
        : authors.share >= BURST_SHARE && authors.author
          ? { kind: 'authors', count: authors.count, author: authors.author }
          : undefined;
    return burst ? { topic: c.topic, burst } : { topic: c.topic };
  });
  // Stable: the bound's order within each group.
  picks.sort((a, b) => Number(a.burst !== undefined) - Number(b.burst !== undefined));
  return picks.slice(0, limit);
}
