import MiniSearch from 'minisearch';
import type { StoredPaper } from '../store/schema';

/** What the index keeps per paper besides its words: enough to filter by topic and date without a read. */
interface Hit {
  id: string;
  score: number;
  published: number;
  topics: string[];
}

export interface SearchFilter {
  topic?: string | undefined;
  /** Published at or after (ms). */
  from?: number | undefined;
  /** Published at or before (ms). */
  to?: number | undefined;
}

type Doc = Pick<StoredPaper, 'id' | 'title' | 'abstract' | 'authors' | 'published' | 'topics'>;

/**
 * Full-text search over every stored paper (title, abstract, authors), ranked by MiniSearch's BM25+.
 * Built once from the database on the first search, then kept current paper by paper as writes land
 * (`update`), so a query never rebuilds it. Answers ids; callers read the rows, which also drops a paper
 * that a failed write never stored.
 */
export function createSearchIndex(loadAll: () => Promise<Doc[]>) {
  let index: MiniSearch<Doc> | undefined;
  let building: Promise<MiniSearch<Doc>> | undefined;
  /** Papers written while the first build reads the database: applied once it is done. */
  let pending: Doc[] = [];

  const make = () =>
    new MiniSearch<Doc>({
      fields: ['title', 'abstract', 'authors'],
      storeFields: ['published', 'topics'],
      // Authors are a list; the stored fields (published, topics) keep their own types.
      stringifyField: (value) => (Array.isArray(value) ? value.join(' ') : String(value ?? '')),
      searchOptions: { boost: { title: 3, authors: 2 }, prefix: true, fuzzy: 0.15, combineWith: 'AND' },
    });

  function put(target: MiniSearch<Doc>, doc: Doc) {
    const slim: Doc = {
      id: doc.id,
      title: doc.title,
      abstract: doc.abstract,
      authors: doc.authors,
      published: doc.published,
      topics: doc.topics,
    };
    if (target.has(doc.id)) target.replace(slim);
    else target.add(slim);
  }

  async function ready(): Promise<MiniSearch<Doc>> {
    if (index) return index;
    building ??= (async () => {
      const built = make();
      // In chunks with a yield between them: 30k abstracts take seconds, and the worker keeps answering
      // pages (chips, the popup) meanwhile.
      await built.addAllAsync(await loadAll(), { chunkSize: 500 });
      for (const doc of pending) put(built, doc);
      pending = [];
      index = built;
      return built;
    })().finally(() => {
      building = undefined;
    });
    return building;
  }

  return {
    /** Stored or re-tagged papers. Before the first search there is nothing to keep current. */
    update(docs: readonly Doc[]) {
      if (index) for (const doc of docs) put(index, doc);
      else if (building) pending.push(...docs);
    },
    /** The index was emptied: forget everything, the next search reads the database again. */
    clear() {
      index = undefined;
      pending = [];
    },
    async size(): Promise<number> {
      return (await ready()).documentCount;
    },
    async search(query: string, filter: SearchFilter = {}): Promise<Hit[]> {
      const built = await ready();
      const results = built.search(query, {
        filter: (r) =>
          (!filter.topic || (r.topics as string[]).includes(filter.topic)) &&
          (filter.from === undefined || (r.published as number) >= filter.from) &&
          (filter.to === undefined || (r.published as number) <= filter.to),
      });
      return results.map((r) => ({
        id: String(r.id),
        score: r.score,
        published: r.published as number,
        topics: r.topics as string[],
      }));
    },
  };
}

export type SearchIndex = ReturnType<typeof createSearchIndex>;
