import type { IndexDb } from '../store/schema';
import type { DocBlockRecord } from './doc-blocks';
import type { PostingBucket } from './postings';
import { runSearch, type SearchQuery, type SearchResult, type SearchSource } from './search-query';
import { type SearchState, searchState } from './search-state';

/**
 * Bytes of records kept in memory between queries: the buckets and document blocks recent queries read, so a
 * query typed a letter at a time, or paged, reads little. A year's document table is about 6 MB, all of it
 * touched by a query as broad as "learning"; postings of a few common words come on top.
 */
const CACHE_BYTES = 16 * 1024 * 1024;

/**
 * Search over the stored index (lib/search/*): nothing is built in memory, a cold worker's first query reads
 * only the records its words need. Records read are kept (up to CACHE_BYTES, least recently used dropped)
 * until a write changes the index (`changed`).
 */
export function createStoredSearch(db: () => Promise<IndexDb>) {
  const cache = createRecordCache(CACHE_BYTES);
  let state: Promise<SearchState> | undefined;
  const cached = cache.cached;

  const source: SearchSource = {
    state: () => {
      state ??= db().then((d) => searchState.read(d));
      return state;
    },
    buckets: (blocks, bucket) =>
      cached(
        blocks.map((b) => `p|${b}|${bucket}`),
        async (missing) => {
          const store = (await db()).transaction('searchPostings').store;
          return Promise.all(missing.map((i) => store.get([blocks[i]!, bucket])));
        },
        bucketBytes,
      ),
    bucketsFrom: (blocks, prefix) =>
      cached(
        blocks.map((b) => `r|${b}|${prefix}`),
        async (missing) => {
          const store = (await db()).transaction('searchPostings').store;
          return Promise.all(
            missing.map((i) =>
              store.getAll(IDBKeyRange.bound([blocks[i]!, prefix], [blocks[i]!, `${prefix}\uffff`])),
            ),
          );
        },
        (list) => list.reduce((n, r) => n + bucketBytes(r), 0),
      ),
    docBlocks: (blocks) =>
      cached(
        blocks.map((b) => `d|${b}`),
        async (missing) => {
          const store = (await db()).transaction('searchDocs').store;
          return Promise.all(missing.map((i) => store.get(blocks[i]!)));
        },
        docBytes,
      ),
  };

  return {
    search: (query: SearchQuery): Promise<SearchResult> => runSearch(source, query),
    /** Papers the stored index holds. */
    size: async () => (await source.state()).live,
    /** A write committed to the index (or it was emptied): what memory holds of it is stale. */
    changed() {
      cache.clear();
      state = undefined;
    },
  };
}

export type StoredSearch = ReturnType<typeof createStoredSearch>;

/**
 * Records by key, kept up to `budget` bytes (least recently used dropped first). A read begun before
 * `clear` (a write committed meanwhile) may bring back what the write replaced: it is not kept.
 */
function createRecordCache(budget: number) {
  const cache = new Map<string, { value: unknown; bytes: number }>();
  let bytes = 0;
  let generation = 0;
  const remember = <T>(key: string, value: T, size: number): T => {
    cache.set(key, { value, bytes: size });
    bytes += size;
    for (const [k, v] of cache) {
      if (bytes <= budget) break;
      cache.delete(k);
      bytes -= v.bytes;
    }
    return value;
  };
  const recall = <T>(key: string): T | undefined => {
    const hit = cache.get(key);
    if (!hit) return undefined;
    cache.delete(key); // most recently used goes last
    cache.set(key, hit);
    return hit.value as T;
  };
  return {
    async cached<T>(
      keys: readonly string[],
      read: (missing: number[]) => Promise<T[]>,
      size: (value: T) => number,
    ): Promise<T[]> {
      const out = keys.map((k) => recall<T>(k));
      const missing = out.flatMap((v, i) => (v === undefined ? [i] : []));
      if (missing.length) {
        const began = generation;
        const values = await read(missing);
        missing.forEach((i, j) => {
          out[i] = began === generation ? remember(keys[i]!, values[j]!, size(values[j]!)) : values[j];
        });
      }
      return out as T[];
    },
    clear() {
      generation++;
      cache.clear();
      bytes = 0;
    },
  };
}

function bucketBytes(record: PostingBucket | undefined): number {
  return record ? record.data.byteLength + record.terms.length * 24 + 64 : 16;
}

function docBytes(record: DocBlockRecord | undefined): number {
  return record
    ? record.ids.length * 2 +
        record.published.byteLength +
        record.lengths.byteLength +
        record.topics.byteLength +
        4096
    : 16;
}
