import type { Handlers } from '../../messages/protocol';
import { readPapers } from '../../store/papers';
import type { StoredPaper } from '../../store/schema';
import type { BackgroundContext } from '../context';
import type { SearchIndex } from '../search-index';
import { paperRow } from '../views';

/** How many of the matches' topics the page offers to refine by. */
const FACETS = 24;

export function searchHandlers(ctx: BackgroundContext, search: SearchIndex): Pick<Handlers, 'search.papers'> {
  return {
    'search.papers': async ({ query, topic, from, to, offset, limit }) => {
      const hits = await search.search(query, { from, to });
      const counts = new Map<string, number>();
      for (const hit of hits) for (const id of hit.topics) counts.set(id, (counts.get(id) ?? 0) + 1);
      const topics = [...counts]
        .filter(([id]) => ctx.catalog.get(id))
        .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
        .slice(0, FACETS)
        .map(([id, count]) => ({ id, name: ctx.catalog.name(id), count }));
      const matching = topic ? hits.filter((h) => h.topics.includes(topic)) : hits;
      const page = matching.slice(offset, offset + limit);
      const rows = await readPapers(
        await ctx.db(),
        page.map((h) => h.id),
      );
      const papers = page.flatMap((hit, i) => {
        const row: StoredPaper | undefined = rows[i];
        return row ? [{ ...paperRow(ctx, row), score: hit.score }] : [];
      });
      return { papers, total: matching.length, topics, searched: await search.size() };
    },
  };
}
