import { bestFirst } from './best-first';
import { DOC_BLOCK, type DocBlockRecord, type DocBlockView, docBlockOf, readDocBlock } from './doc-blocks';
import { type PostingBucket, postingBlockOf, readPostings, type TermPostings } from './postings';
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

/** BM25's constants, and what a word counts for when it only starts an indexed word (MiniSearch's 0.375). */
const K1 = 1.2;
const B = 0.7;
const PREFIX_WEIGHT = 0.375;
/**
 * In an 'or' query, a paper that matches only words each matching more than this share of the index is not
 * a candidate (unless every word is that common); the candidates' scores still count those words. Such a
 * word's idf is under log(1 + 1/COMMON_SHARE) ~ 1.6, so a paper holding none of the rarer words ranks low,
 * but those papers made most of what a question of common words read and scored (the document blocks of
 * most of the index).
 */
export const COMMON_SHARE = 0.25;

/** One indexed word a query word matched: its BM25 factor (idf, less for a prefix) and its postings, by block. */
interface TermMatches {
  factor: number;
  lists: TermPostings[];
}

/** A query word's matches: per indexed word, and which documents (a byte per document number) and how many. */
interface WordMatches {
  terms: TermMatches[];
  matched: Uint8Array;
  count: number;
}

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
  const perWord = await Promise.all(
    words.map(async (word) => {
      const records =
        word.length >= 3
          ? (await source.buckets(blocks, bucketOf(word))).filter((r) => r !== undefined)
          : (await source.bucketsFrom(blocks, word)).flat();
      return wordMatches(records, word, N, state.nextDoc);
    }),
  );
  const mode = query.mode ?? 'and';
  const candidates = combine(mode === 'or' ? withoutCommon(perWord, N) : perWord, mode, state.nextDoc);
  if (candidates.length === 0) return empty;

  const wanted = [...new Set(candidates.map(docBlockOf))];
  const records = await source.docBlocks(wanted);
  const views = new Map<number, DocBlockView>();
  wanted.forEach((b, i) => {
    const record = records[i];
    if (record) views.set(b, readDocBlock(record));
  });
  const avg = state.totalLength / N || 1;
  const topicNo = query.topic === undefined ? undefined : state.topics.indexOf(query.topic);
  const facetCounts = new Uint32Array(state.topics.length);
  // Each kept candidate's length norm (> 0); 0 for every other document number.
  const norms = new Float64Array(state.nextDoc);
  const kept: number[] = [];
  const ids: string[] = [];
  const times: number[] = [];
  for (const doc of candidates) {
    const view = views.get(docBlockOf(doc));
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
  const scores = scoreAll(perWord, norms);
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
  const facets = new Map<string, number>();
  facetCounts.forEach((n, t) => {
    if (n > 0) facets.set(state.topics[t]!, n);
  });
  return { hits, total: kept.length, facets, searched: state.live };
}

/** A query word's postings grouped by the indexed word they are of, each with its factor. */
function wordMatches(records: PostingBucket[], word: string, N: number, nextDoc: number): WordMatches {
  const byTerm = new Map<string, TermPostings[]>();
  for (const record of records) {
    for (const list of readPostings(record, word, true)) {
      const lists = byTerm.get(list.term);
      if (lists) lists.push(list);
      else byTerm.set(list.term, [list]);
    }
  }
  const matched = new Uint8Array(nextDoc);
  let count = 0;
  const terms: TermMatches[] = [];
  for (const [term, lists] of byTerm) {
    let df = 0;
    for (const list of lists) df += list.docs.length;
    const idf = Math.log(1 + (N - df + 0.5) / (df + 0.5));
    terms.push({ factor: (term === word ? 1 : PREFIX_WEIGHT) * idf, lists });
    for (const list of lists) {
      for (const doc of list.docs) {
        if (matched[doc] === 0) {
          matched[doc] = 1;
          count++;
        }
      }
    }
  }
  return { terms, matched, count };
}

/**
 * BM25 of every document with a norm (> 0), summed word by word and, within a word, indexed word by indexed
 * word (the order the sums were always made in, so scores do not move by a rounding).
 */
function scoreAll(perWord: readonly WordMatches[], norms: Float64Array): Float64Array {
  const scores = new Float64Array(norms.length);
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
  return scores;
}

/** The words' matches, less those of words matching over COMMON_SHARE of the N papers (all if every one does). */
function withoutCommon(perWord: WordMatches[], N: number): WordMatches[] {
  const kept = perWord.filter((matches) => matches.count <= COMMON_SHARE * N);
  return kept.length > 0 ? kept : perWord;
}

/** Documents matching every word ('and') or any ('or'), each once. */
function combine(perWord: readonly WordMatches[], mode: 'and' | 'or', nextDoc: number): number[] {
  const [smallest, ...rest] = mode === 'or' ? perWord : [...perWord].sort((a, b) => a.count - b.count);
  const from = mode === 'or' ? perWord : [smallest!];
  const seen = new Uint8Array(nextDoc);
  const out: number[] = [];
  for (const { terms } of from) {
    for (const { lists } of terms) {
      for (const { docs } of lists) {
        for (const doc of docs) {
          if (seen[doc] === 1) continue;
          seen[doc] = 1;
          if (mode === 'or' || rest.every((w) => w.matched[doc] === 1)) out.push(doc);
        }
      }
    }
  }
  return out;
}
