import { MAX_USER_TOPICS } from '../../backup';
import type { Handlers } from '../../messages/protocol';
import type { PaperRow } from '../../messages/schemas';
import { computeMomentum, countInDaily, countInSorted, weeklyCounts } from '../../momentum';
import { scanNewest } from '../../store/papers';
import { ALL_TOPICS } from '../../store/schema';
import {
  type CompiledQuery,
  carriedTopics,
  compileQuery,
  matchPrepared,
  prepareText,
} from '../../topics/query';
import { checkUserTopic } from '../../user-topics';
import type { BackgroundContext } from '../context';
import { paperRow } from '../views';

/** Previews scan at most this many of the newest papers (the whole index at the default window). */
const PREVIEW_SCAN = 60_000;
const PREVIEW_PAPERS = 20;

/**
 * The tracked papers of the index a query matches: their first-version times (ascending, for
 * countInSorted) and the newest few as rows.
 */
export async function previewMatches(
  ctx: BackgroundContext,
  query: CompiledQuery,
): Promise<{ times: number[]; papers: PaperRow[] }> {
  const times: number[] = [];
  const papers: PaperRow[] = [];
  await scanNewest(await ctx.db(), PREVIEW_SCAN, (paper) => {
    const topics = carriedTopics(paper.topics, (id) => fineName(ctx, id));
    if (paper.tracked && matchPrepared(query, prepareText(paper, undefined, topics))) {
      times.push(paper.published);
      if (papers.length < PREVIEW_PAPERS) papers.push(paperRow(ctx, paper));
    }
  });
  times.reverse();
  return { times, papers };
}

/** The name of a pack (fine) topic, what `topic:` terms match; undefined for categories and user topics. */
export function fineName(ctx: BackgroundContext, id: string): string | undefined {
  const topic = ctx.catalog.get(id);
  return topic?.kind === 'fine' ? topic.name : undefined;
}

export function userTopicHandlers(
  ctx: BackgroundContext,
  userTopicsChanged: () => Promise<void>,
): Pick<Handlers, 'userTopics.list' | 'userTopics.preview' | 'userTopics.save' | 'userTopics.delete'> {
  return {
    'userTopics.list': async () => {
      const topics = await ctx.userTopics.all();
      return {
        topics: topics.map(({ id, name, query }) => {
          const compiled = compileQuery(query);
          return compiled.ok ? { id, name, query } : { id, name, query, error: compiled.error };
        }),
      };
    },

    /** Which indexed papers a query would match, and its momentum, before it is saved. */
    'userTopics.preview': async ({ query }) => {
      const compiled = compileQuery(query);
      if (!compiled.ok) return { error: compiled.error, matches: 0, papers: [], momentum: null, weekly: [] };
      const { times, papers } = await previewMatches(ctx, compiled.query);
      const T = ctx.momentum.cutoff();
      const count = countInSorted(times);
      const all = countInDaily(ctx.momentum.daily(ALL_TOPICS));
      return {
        matches: times.length,
        papers,
        momentum: T === null ? null : computeMomentum(count, all, T),
        weekly: T === null ? [] : weeklyCounts(count, T),
      };
    },

    'userTopics.save': async (draft) => {
      const existing = await ctx.userTopics.ids();
      const builtIn = (id: string) =>
        ctx.catalog.get(id)?.kind !== undefined && ctx.catalog.get(id)?.kind !== 'user';
      const checked = checkUserTopic(draft, (id) => existing.has(id) || builtIn(id));
      if (!checked.ok) return checked;
      const now = ctx.now();
      const previous = await ctx.userTopics.get(checked.id);
      // Every custom topic is matched against every paper indexed: their number is bounded.
      if (!previous && existing.size >= MAX_USER_TOPICS) {
        const message = `You have ${existing.size} custom topics, the most PaperPulse keeps: delete one to add another`;
        return { ok: false as const, error: { position: 0, message } };
      }
      await ctx.userTopics.put({
        id: checked.id,
        name: checked.name,
        query: checked.query,
        createdAt: previous?.createdAt ?? now,
        updatedAt: now,
      });
      await userTopicsChanged();
      return { ok: true as const, id: checked.id };
    },

    'userTopics.delete': async ({ id }) => {
      await ctx.userTopics.remove(id);
      await userTopicsChanged();
      ctx.changed();
      return {};
    },
  };
}
