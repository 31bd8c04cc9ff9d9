import type { ArxivQuery } from '@/lib/arxiv/query';
import type { ArxivSource } from '@/lib/ingest/ingestor';
import type { SourcePage } from '@/lib/ingest/read-page';
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
 * Changes what the fake arXiv answers to call `n` (0-based): return another page, throw, or wait on a
 * promise first (a request in flight while the test does something else).
 */
export type Interceptor = (q: ArxivQuery, n: number, page: SourcePage) => SourcePage | Promise<SourcePage>;

/**
 * An in-memory arXiv: answers category + submittedDate queries newest first, like the real API,
 * and records every query. `failOn(n)` makes the n-th call (0-based) throw; `intercept` does anything else.
 */
export function createFakeSource(papers: Paper[]) {
  const calls: ArxivQuery[] = [];
  const failures = new Map<number, Error>();
  let interceptor: Interceptor | undefined;
  async function answer(q: ArxivQuery, page: SourcePage): Promise<SourcePage> {
    const n = calls.push(q) - 1;
    const failure = failures.get(n);
    if (failure) throw failure;
    return interceptor ? interceptor(q, n, page) : page;
  }
  const source: ArxivSource = {
    async query(q) {
      const matching = papers
        .filter((p) => !q.categories || p.categories.some((c) => q.categories!.includes(c)))
        .filter(
          (p) => (q.submittedFrom ?? -Infinity) <= p.published && p.published <= (q.submittedTo ?? Infinity),
        )
        .sort((a, b) => b.published - a.published);
      const start = q.start ?? 0;
      return answer(q, {
        totalResults: matching.length,
        papers: matching.slice(start, start + (q.maxResults ?? 10)),
      });
    },
    async fetchByIds(ids) {
      const page = await answer(
        { idList: ids },
        { totalResults: ids.length, papers: papers.filter((p) => ids.includes(p.id)) },
      );
      return page.papers;
    },
  };
  return {
    source,
    calls,
    failOn: (n: number, error: Error) => failures.set(n, error),
    intercept: (next: Interceptor | undefined) => {
      interceptor = next;
    },
  };
}

/** A promise with its resolve and reject exposed: holds a request in flight until the test lets it go. */
export function deferred<T = void>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
