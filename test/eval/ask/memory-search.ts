import { closeSlots, DOC_BLOCK, type DocSlots, docBlockOf, emptySlots } from '../../../lib/search/doc-blocks';
import { appendPostings, type PostingBucket, postingBlockOf } from '../../../lib/search/postings';
import type { SearchSource } from '../../../lib/search/search-query';
import { EMPTY_SEARCH, type SearchState, topicNumber } from '../../../lib/search/search-state';
import { bucketOf, docTerms } from '../../../lib/search/search-tokens';

/**
 * The extension's stored search index, built in memory from the same pure parts (postings, document
 * blocks, tokens), so an evaluation in Node ranks exactly as the extension does, without IndexedDB.
 */
export function memorySearchSource(
  papers: readonly {
    id: string;
    title: string;
    abstract: string;
    authors: string[];
    published: number;
    topics: string[];
  }[],
): SearchSource {
  const state: SearchState = { ...EMPTY_SEARCH, topics: [], build: { done: true } };
  const numbers = new Map<string, number>();
  const slots = new Map<number, DocSlots>();
  const additions = new Map<string, Map<string, [number, number][]>>();
  for (const paper of papers) {
    const doc = state.nextDoc++;
    const block = slots.get(docBlockOf(doc)) ?? emptySlots(docBlockOf(doc));
    slots.set(block.block, block);
    const { weights, length } = docTerms(paper);
    const at = doc % DOC_BLOCK;
    block.ids[at] = paper.id;
    block.published[at] = paper.published;
    block.lengths[at] = length;
    block.topics[at] = paper.topics.map((t) => topicNumber(state, t, numbers));
    state.live++;
    state.totalLength += length;
    for (const [term, weight] of weights) {
      const key = `${postingBlockOf(doc)}|${bucketOf(term)}`;
      const terms = additions.get(key) ?? new Map<string, [number, number][]>();
      additions.set(key, terms);
      const list = terms.get(term) ?? [];
      if (list.length === 0) terms.set(term, list);
      list.push([doc, weight]);
    }
  }
  const buckets = new Map<string, PostingBucket>();
  for (const [key, terms] of additions) {
    const [block, bucket] = [Number(key.slice(0, key.indexOf('|'))), key.slice(key.indexOf('|') + 1)];
    buckets.set(key, appendPostings(undefined, block, bucket, terms));
  }
  const docs = new Map([...slots].map(([b, s]) => [b, closeSlots(s)]));
  return {
    state: async () => state,
    buckets: async (blocks, bucket) => blocks.map((b) => buckets.get(`${b}|${bucket}`)),
    bucketsFrom: async (blocks, prefix) =>
      blocks.map((b) => [...buckets.values()].filter((r) => r.block === b && r.bucket.startsWith(prefix))),
    docBlocks: async (blocks) => blocks.map((b) => docs.get(b)),
  };
}
