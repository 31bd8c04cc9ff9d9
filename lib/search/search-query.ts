import { bestFirst } from './best-first';
import { DOC_BLOCK, type DocBlockRecord, type DocBlockView, docBlockOf, readDocBlock } from './doc-blocks';
import { type PostingBucket, postingBlockOf } from './postings';
import { combine, type WordMatches, withoutCommon, wordMatches } from './query-matches';
import type { SearchState } from './search-state';
import { bucketOf, searchTerms } from './search-tokens';

/** What a query reads: the index's state, posting buckets and document blocks (a cache may stand between). */
export interface SearchSource {
  state(): Promise<SearchState>;
  /** For each block, the bucket `bucket` (one read a block). */
  buckets(blocks: readonly number[], bucket: string): Promise<(PostingBucket | undefined)[]>;
  /** For each block, every bucket whose name starts with `prefix` (a query term under three characters). */
  bucketsFrom(blocks: readonly number[], prefix: string): Promise<PostingBucket[][]>;
  docBlocks(blocks: readonly number[]): Promise<(DocBlockRecord | undefined)[]>;
}

export interface SearchQuery {
  text: string;
  /** 'and': every word must match (the search page); 'or': any (asking a topic a question). */
  mode?: 'and' | 'or';
  topic?: string | undefined;
  /** Published at or after (ms). */
  from?: number | undefined;
  /** Published at or before (ms). */
  to?: number | undefined;
  /** Only the best `top` hits are ranked and returned (a page asks for one page); `total` counts them all. */
  top?: number | undefined;
}

export interface SearchHit {
  id: string;
  score: number;
  published: number;
}

export interface SearchResult {
  /** Best first, after every filter (the best `top` when the query says). */
  hits: SearchHit[];
  /** Matches after every filter. */
  total: number;
  /** Topic -> matches with it, counted before the topic filter (the page's "refine by topic"). */
  facets: Map<string, number>;
  /** Papers the index holds. */
  searched: number;
}

/** BM25's constants. */
const K1 = 1.2;
const B = 0.7;

/** Decoded views of document blocks: a cached record is split into its ids once, not every query. */
const views = new WeakMap<DocBlockRecord, DocBlockView>();

function viewOf(record: DocBlockRecord): DocBlockView {
  let view = views.get(record);
  if (!view) {
    view = readDocBlock(record);
    views.set(record, view);
  }
  return view;
}

/**
 * Each candidate's length norm and score by document number, kept between queries and zeroed after each
 * (only the candidates' entries are written); used only between two awaits, so queries never share them.
 */
let norms = new Float64Array(0);
let scores = new Float64Array(0);

/**
 * Runs a query over the stored index: reads the buckets of the query's words (a word matches indexed words
 * equal to it or, as one types, starting with it), then the document blocks of the matches, and ranks them
 * by BM25 over the weighted fields. Reads grow with the words asked and the papers they match, never with
 * the whole index; the ranking works in typed arrays indexed by document number (a broad word matches most
 * of a year's papers: a map of a hundred thousand small arrays was most of such a query's time).
 */
export async function runSearch(source: SearchSource, query: SearchQuery): Promise<SearchResult> {
  const state = await source.state();
  const empty: SearchResult = { hits: [], total: 0, facets: new Map(), searched: state.live };
  const words = [...new Set(searchTerms(query.text))];
  if (words.length === 0 || state.nextDoc === 0) return empty;
  const blocks = Array.from({ length: postingBlockOf(state.nextDoc - 1) + 1 }, (_, i) => i);
  const N = Math.max(1, state.live);
  const buckets = await Promise.all(
    words.map(async (word) =>
      word.length >= 3
        ? (await source.buckets(blocks, bucketOf(word))).filter((r) => r !== undefined)
        : (await source.bucketsFrom(blocks, word)).flat(),
    ),
  );
  const perWord = words.map((word, i) => wordMatches(buckets[i]!, word, N, state.nextDoc));
  const mode = query.mode ?? 'and';
  const candidates = combine(mode === 'or' ? withoutCommon(perWord, N) : perWord, mode, state.nextDoc);
  if (candidates.length === 0) return empty;
  const wanted = [...new Set(candidates.map(docBlockOf))];
  const records = await source.docBlocks(wanted);
  const byBlock: (DocBlockView | undefined)[] = [];
  wanted.forEach((b, i) => {
    const record = records[i];
    if (record) byBlock[b] = viewOf(record);
  });
  return rank(state, query, perWord, candidates, byBlock);
}

/** The candidates kept by the query's filters, ranked, with the facets: synchronous, so the scratch is its own. */
function rank(
  state: SearchState,
  query: SearchQuery,
  perWord: readonly WordMatches[],
  candidates: readonly number[],
  byBlock: readonly (DocBlockView | undefined)[],
): SearchResult {
  const N = Math.max(1, state.live);
  const avg = state.totalLength / N || 1;
  const topicNo = query.topic === undefined ? undefined : state.topics.indexOf(query.topic);
  const facetCounts = new Uint32Array(state.topics.length);
  if (norms.length < state.nextDoc) {
    norms = new Float64Array(state.nextDoc);
    scores = new Float64Array(state.nextDoc);
  }
  const kept: number[] = [];
  const ids: string[] = [];
  const times: number[] = [];
  for (const doc of candidates) {
    const view = byBlock[docBlockOf(doc)];
    const slot = doc % DOC_BLOCK;
    const id = view?.ids[slot];
    if (!view || !id) continue; // a freed slot: the paper was indexed again under another number
    const published = view.published[slot]!;
    if (query.from !== undefined && published < query.from) continue;
    if (query.to !== undefined && published > query.to) continue;
    view.countTopics(slot, facetCounts);
    if (topicNo !== undefined && (topicNo < 0 || !view.hasTopic(slot, topicNo))) continue;
    norms[doc] = K1 * (1 - B + (B * view.lengths[slot]!) / avg);
    kept.push(doc);
    ids.push(id);
    times.push(published);
  }
  try {
    scoreAll(perWord);
    // Best first: the higher score, then the newer paper, then the smaller id.
    const better = (a: number, b: number) => {
      const sa = scores[kept[a]!]!;
      const sb = scores[kept[b]!]!;
      if (sa !== sb) return sa > sb;
      return times[a] !== times[b] ? times[a]! > times[b]! : ids[a]! < ids[b]!;
    };
    const hits = bestFirst(kept.length, query.top ?? kept.length, better).map((i) => ({
      id: ids[i]!,
      score: scores[kept[i]!]!,
      published: times[i]!,
    }));
    return { hits, total: kept.length, facets: facetsOf(state, facetCounts), searched: state.live };
  } finally {
    for (const doc of kept) {
      norms[doc] = 0;
      scores[doc] = 0;
    }
  }
}

function facetsOf(state: SearchState, counts: Uint32Array): Map<string, number> {
  const facets = new Map<string, number>();
  counts.forEach((n, t) => {
    if (n > 0) facets.set(state.topics[t]!, n);
  });
  return facets;
}

/**
 * BM25 of every document with a norm (> 0), summed word by word and, within a word, indexed word by indexed
 * word (the order the sums were always made in, so scores do not move by a rounding).
 */
function scoreAll(perWord: readonly WordMatches[]): void {
  for (const { terms } of perWord) {
    for (const { factor, lists } of terms) {
      for (const { docs, weights } of lists) {
        for (let i = 0; i < docs.length; i++) {
          const doc = docs[i]!;
          const norm = norms[doc]!;
          if (norm === 0) continue;
          const tf = weights[i]!;
          scores[doc]! += (factor * (tf * (K1 + 1))) / (tf + norm);
        }
      }
    }
  }
}
