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
/** What a hit needs besides its score: kept beside the index, typed, rather than as MiniSearch's stored fields. */
type Fields = Pick<StoredPaper, 'published' | 'topics'>;
/** The words' index and the fields of its papers, built and replaced together. */
interface Built {
  words: MiniSearch<Doc>;
  fields: Map<string, Fields>;
}

/**
 * Full-text search over every stored paper (title, abstract, authors), ranked by MiniSearch's BM25+.
 * Built once from the database on the first search, then kept current paper by paper as writes land
 * (`update`), so a query never rebuilds it. Answers ids; callers read the rows, which also drops a paper
 * that a failed write never stored.
 */
export function createSearchIndex(loadAll: () => Promise<Doc[]>) {
  let index: Built | undefined;
  let building: Promise<Built> | undefined;
  /** Papers written while the first build reads the database: applied once it is done. */
  let pending: Doc[] = [];

  const make = (): Built => ({
    words: new MiniSearch<Doc>({
      fields: ['title', 'abstract', 'authors'],
      storeFields: [],
      // Authors are a list.
      stringifyField: (value) => (Array.isArray(value) ? value.join(' ') : String(value ?? '')),
      searchOptions: { boost: { title: 3, authors: 2 }, prefix: true, fuzzy: 0.15, combineWith: 'AND' },
    }),
    fields: new Map(),
  });

  function put(target: Built, doc: Doc) {
    const slim: Doc = {
      id: doc.id,
      title: doc.title,
      abstract: doc.abstract,
      authors: doc.authors,
      published: doc.published,
      topics: doc.topics,
    };
    if (target.words.has(doc.id)) target.words.replace(slim);
    else target.words.add(slim);
    target.fields.set(doc.id, { published: doc.published, topics: doc.topics });
  }

  async function ready(): Promise<Built> {
    if (index) return index;
    building ??= (async () => {
      const built = make();
      // In chunks with a yield between them: 30k abstracts take seconds, and the worker keeps answering
      // pages (chips, the popup) meanwhile.
      const docs = await loadAll();
      for (const doc of docs) built.fields.set(doc.id, { published: doc.published, topics: doc.topics });
      await built.words.addAllAsync(docs, { chunkSize: 500 });
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
      return (await ready()).words.documentCount;
    },
    async search(query: string, filter: SearchFilter = {}): Promise<Hit[]> {
      const { words, fields } = await ready();
      const matches = (hit: Fields | undefined): hit is Fields =>
        hit !== undefined &&
        (!filter.topic || hit.topics.includes(filter.topic)) &&
        (filter.from === undefined || hit.published >= filter.from) &&
        (filter.to === undefined || hit.published <= filter.to);
      return words.search(query).flatMap((r) => {
        const hit = fields.get(String(r.id));
        return matches(hit)
          ? [{ id: String(r.id), score: r.score, published: hit.published, topics: hit.topics }]
          : [];
      });
    },
  };
}

export type SearchIndex = ReturnType<typeof createSearchIndex>;
