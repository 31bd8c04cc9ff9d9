import { MAX_USER_TOPICS } from '../../backup';
import type { Handlers } from '../../messages/protocol';
import { computeMomentum, countInDaily, countInSorted, weeklyCounts } from '../../momentum';
import { ALL_TOPICS } from '../../store/schema';
import { compileQuery, matchPrepared, prepareText } from '../../topics/query';
import { checkUserTopic } from '../../user-topics';
import { type BackgroundContext, paperRow } from '../context';

/** Previews scan at most this many of the newest papers (the whole index at the default window). */
const PREVIEW_SCAN = 60_000;
const PREVIEW_PAPERS = 20;

export function userTopicHandlers(
  ctx: BackgroundContext,
  userTopicsChanged: () => Promise<void>,
): Pick<Handlers, 'userTopics.list' | 'userTopics.preview' | 'userTopics.save' | 'userTopics.delete'> {
  return {
    'userTopics.list': async () => {
      const db = await ctx.db();
      const topics = await db.getAll('userTopics');
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
      const db = await ctx.db();
      const times: number[] = [];
      const papers = [];
      let cursor = await db.transaction('papers').store.index('published').openCursor(null, 'prev');
      for (let scanned = 0; cursor && scanned < PREVIEW_SCAN; scanned++) {
        const paper = cursor.value;
        if (paper.tracked && matchPrepared(compiled.query, prepareText(paper))) {
          times.push(paper.published);
          if (papers.length < PREVIEW_PAPERS) papers.push(paperRow(ctx, paper));
        }
        cursor = await cursor.continue();
      }
      times.reverse(); // ascending, for countInSorted
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
      const db = await ctx.db();
      const existing = new Set(await db.getAllKeys('userTopics'));
      const builtIn = (id: string) =>
        ctx.catalog.get(id)?.kind !== undefined && ctx.catalog.get(id)?.kind !== 'user';
      const checked = checkUserTopic(draft, (id) => existing.has(id) || builtIn(id));
      if (!checked.ok) return checked;
      const now = ctx.now();
      const previous = await db.get('userTopics', checked.id);
      // Every custom topic is matched against every paper indexed: their number is bounded.
      if (!previous && existing.size >= MAX_USER_TOPICS) {
        const message = `You have ${existing.size} custom topics, the most PaperPulse keeps: delete one to add another`;
        return { ok: false as const, error: { position: 0, message } };
      }
      await db.put('userTopics', {
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
      const db = await ctx.db();
      const tx = db.transaction(['userTopics', 'follows', 'mutes'], 'readwrite');
      void tx.objectStore('userTopics').delete(id);
      void tx.objectStore('follows').delete(id);
      void tx.objectStore('mutes').delete(id);
      await tx.done;
      ctx.follows.delete(id);
      ctx.mutes.delete(id);
      await userTopicsChanged();
      ctx.changed();
      return {};
    },
  };
}
