import type { Handlers } from '../../messages/protocol';
import type { StoredSearch } from '../../search/stored-search';
import { readPapers } from '../../store/papers';
import type { StoredPaper } from '../../store/schema';
import type { BackgroundContext } from '../context';
import { paperRow } from '../views';

/** How many of the matches' topics the page offers to refine by. */
const FACETS = 24;

export function searchHandlers(
  ctx: BackgroundContext,
  search: StoredSearch,
): Pick<Handlers, 'search.papers'> {
  return {
    'search.papers': async ({ query, topic, from, to, offset, limit }) => {
      const { hits, total, facets, searched } = await search.search({
        text: query,
        topic,
        from,
        to,
        top: offset + limit,
      });
      const topics = [...facets]
        .filter(([id]) => ctx.catalog.get(id))
        .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
        .slice(0, FACETS)
        .map(([id, count]) => ({ id, name: ctx.catalog.name(id), count }));
      const page = hits.slice(offset, offset + limit);
      const rows = await readPapers(
        await ctx.db(),
        page.map((h) => h.id),
      );
      const papers = page.flatMap((hit, i) => {
        const row: StoredPaper | undefined = rows[i];
        return row ? [{ ...paperRow(ctx, row), score: hit.score }] : [];
      });
      return { papers, total, topics, searched };
    },
  };
}
