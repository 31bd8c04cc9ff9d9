import { MAX_USER_TOPICS } from '../../backup-import';
import type { Handlers } from '../../messages/protocol';
import type { PaperRow } from '../../messages/schemas';
import { computeMomentum, countInDaily, countInSorted, weeklyCounts } from '../../momentum';
import { scanNewest } from '../../store/papers';
import { ALL_TOPICS } from '../../store/schema';
import { carriedTopics, compileQuery, prepareText } from '../../topics/query';
import { currentScorer, staleScorerReason } from '../../topics/scoring/topic-scorer';
import { type MatchableUserTopic, userTopicMatcher } from '../../topics/scoring/user-topic-match';
import { checkUserTopic } from '../../user-topics';
import type { BackgroundContext } from '../context';
import { paperRow } from '../views';

/** Previews scan at most this many of the newest papers (the whole index at the default window). */
const PREVIEW_SCAN = 60_000;
const PREVIEW_PAPERS = 20;

/**
 * The tracked papers of the index a user topic matches (its query, and its scorer when it has one, by the
 * rule every chip and count follows: user-topic-match.ts): their first-version times (ascending, for
 * countInSorted), the newest `rows.count` as rows but those `rows.exclude` names (counted all the same), and
 * which of the rows only the scorer matches.
 */
export async function previewMatches(
  ctx: BackgroundContext,
  topic: MatchableUserTopic,
  rows: { count: number; exclude: ReadonlySet<string> } = { count: PREVIEW_PAPERS, exclude: new Set() },
): Promise<{ times: number[]; papers: PaperRow[]; scorerOnly: string[] }> {
  const times: number[] = [];
  const papers: PaperRow[] = [];
  const scorerOnly: string[] = [];
  await scanNewest(await ctx.db(), PREVIEW_SCAN, (paper) => {
    if (!paper.tracked) return;
    const topics = carriedTopics(paper.topics, (id) => fineName(ctx, id));
    const hit = userTopicMatcher(paper, prepareText(paper, undefined, topics))(topic);
    if (!hit) return;
    times.push(paper.published);
    if (papers.length >= rows.count || rows.exclude.has(paper.id)) return;
    papers.push(paperRow(ctx, paper));
    if (hit.by === 'scorer') scorerOnly.push(paper.id);
  });
  times.reverse();
  return { times, papers, scorerOnly };
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
        topics: topics.map(({ id, name, query, scorer }) => {
          const compiled = compileQuery(query);
          const stale = scorer && staleScorerReason(scorer);
          const note = stale ? { scorerNote: stale } : {};
          return compiled.ok
            ? { id, name, query, ...note }
            : { id, name, query, error: compiled.error, ...note };
        }),
      };
    },

    /** Which indexed papers a query would match, and its momentum, before it is saved. */
    'userTopics.preview': async ({ query, scorer }) => {
      const compiled = compileQuery(query);
      if (!compiled.ok)
        return { error: compiled.error, matches: 0, papers: [], scorerOnly: [], momentum: null, weekly: [] };
      const current = currentScorer(scorer);
      const topic = { query: compiled.query, ...(current ? { scorer: current } : {}) };
      const { times, papers, scorerOnly } = await previewMatches(ctx, topic);
      const T = ctx.momentum.cutoff();
      const count = countInSorted(times);
      const all = countInDaily(ctx.momentum.daily(ALL_TOPICS));
      return {
        matches: times.length,
        papers,
        scorerOnly,
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
      // An edit (no scorer in the draft) keeps the topic's scorer; null drops it.
      const scorer = draft.scorer === undefined ? previous?.scorer : (draft.scorer ?? undefined);
      await ctx.userTopics.put({
        id: checked.id,
        name: checked.name,
        query: checked.query,
        ...(scorer ? { scorer } : {}),
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
