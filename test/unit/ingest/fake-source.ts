import type { ArxivQuery } from '@/lib/arxiv/query';
import type { ArxivSource } from '@/lib/ingest/ingestor';
import type { Paper } from '@/lib/paper';

export const DAY = 86_400_000;

export function makePaper(
  id: string,
  published: number,
  categories = ['cs.LG'],
  title = `Paper ${id}`,
): Paper {
  return {
    id,
    title,
    abstract: `Abstract of ${id}.`,
    authors: ['A. Author'],
    authorCount: 1,
    categories,
    primary: categories[0]!,
    published,
    updated: published,
  };
}

/**
 * An in-memory arXiv: answers category + submittedDate queries newest first, like the real API,
 * and records every query. `failOn(n)` makes the n-th call (0-based) throw.
 */
export function createFakeSource(papers: Paper[]) {
  const calls: ArxivQuery[] = [];
  const failures = new Map<number, Error>();
  const source: ArxivSource = {
    async query(q) {
      const n = calls.push(q) - 1;
      const failure = failures.get(n);
      if (failure) throw failure;
      const matching = papers
        .filter((p) => !q.categories || p.categories.some((c) => q.categories!.includes(c)))
        .filter(
          (p) => (q.submittedFrom ?? -Infinity) <= p.published && p.published <= (q.submittedTo ?? Infinity),
        )
        .sort((a, b) => b.published - a.published);
      const start = q.start ?? 0;
      return { totalResults: matching.length, papers: matching.slice(start, start + (q.maxResults ?? 10)) };
    },
    async fetchByIds(ids) {
      calls.push({ idList: ids });
      return papers.filter((p) => ids.includes(p.id));
    },
  };
  return { source, calls, failOn: (n: number, error: Error) => failures.set(n, error) };
}
