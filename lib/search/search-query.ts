import { DOC_BLOCK, type DocBlockRecord, type DocBlockView, docBlockOf, readDocBlock } from './doc-blocks';
import { type PostingBucket, postingBlockOf, readPostings } from './postings';
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
}

export interface SearchHit {
  id: string;
  score: number;
  published: number;
}

export interface SearchResult {
  /** Best first, after every filter. */
  hits: SearchHit[];
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

/**
 * Runs a query over the stored index: reads the buckets of the query's words (a word matches indexed words
 * equal to it or, as one types, starting with it), then the document blocks of the matches, and ranks them
 * by BM25 over the weighted fields. Reads grow with the words asked and the papers they match, never with
 * the whole index.
 */
export async function runSearch(source: SearchSource, query: SearchQuery): Promise<SearchResult> {
  const state = await source.state();
  const empty: SearchResult = { hits: [], facets: new Map(), searched: state.live };
  const words = [...new Set(searchTerms(query.text))];
  if (words.length === 0 || state.nextDoc === 0) return empty;
  const blocks = Array.from({ length: postingBlockOf(state.nextDoc - 1) + 1 }, (_, i) => i);
  const N = Math.max(1, state.live);
  // Per query word: document -> [idf x match weight, term weight] of each indexed word it matched.
  const perWord = await Promise.all(
    words.map(async (word) => {
      const records =
        word.length >= 3
          ? (await source.buckets(blocks, bucketOf(word))).filter((r) => r !== undefined)
          : (await source.bucketsFrom(blocks, word)).flat();
      const byTerm = new Map<string, { docs: number[]; weights: number[] }>();
      for (const record of records) {
        for (const list of readPostings(record, word, true)) {
          const into = byTerm.get(list.term) ?? { docs: [], weights: [] };
          byTerm.set(list.term, into);
          for (let i = 0; i < list.docs.length; i++) {
            into.docs.push(list.docs[i]!);
            into.weights.push(list.weights[i]!);
          }
        }
      }
      const docs = new Map<number, number[]>();
      for (const [term, list] of byTerm) {
        const df = list.docs.length;
        const idf = Math.log(1 + (N - df + 0.5) / (df + 0.5));
        const factor = (term === word ? 1 : PREFIX_WEIGHT) * idf;
        list.docs.forEach((doc, i) => {
          const parts = docs.get(doc);
          if (parts) parts.push(factor, list.weights[i]!);
          else docs.set(doc, [factor, list.weights[i]!]);
        });
      }
      return docs;
    }),
  );
  const mode = query.mode ?? 'and';
  const candidates = combine(mode === 'or' ? withoutCommon(perWord, N) : perWord, mode);
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
  const facetCounts = new Map<number, number>();
  const hits: SearchHit[] = [];
  for (const doc of candidates) {
    const view = views.get(docBlockOf(doc));
    const slot = doc % DOC_BLOCK;
    const id = view?.ids[slot];
    if (!view || !id) continue; // a freed slot: the paper was indexed again under another number
    const published = view.published[slot]!;
    if (query.from !== undefined && published < query.from) continue;
    if (query.to !== undefined && published > query.to) continue;
    for (const t of view.topicsOf(slot)) facetCounts.set(t, (facetCounts.get(t) ?? 0) + 1);
    if (topicNo !== undefined && (topicNo < 0 || !view.hasTopic(slot, topicNo))) continue;
    const norm = K1 * (1 - B + (B * view.lengths[slot]!) / avg);
    let score = 0;
    for (const parts of perWord) {
      const p = parts.get(doc);
      if (!p) continue;
      for (let i = 0; i < p.length; i += 2) score += (p[i]! * (p[i + 1]! * (K1 + 1))) / (p[i + 1]! + norm);
    }
    hits.push({ id, score, published });
  }
  hits.sort((a, b) => b.score - a.score || b.published - a.published || (a.id < b.id ? -1 : 1));
  const facets = new Map<string, number>();
  for (const [t, n] of facetCounts) facets.set(state.topics[t]!, n);
  return { hits, facets, searched: state.live };
}

/** The words' matches, less those of words matching over COMMON_SHARE of the N papers (all if every one does). */
function withoutCommon(perWord: Map<number, number[]>[], N: number): Map<number, number[]>[] {
  const kept = perWord.filter((docs) => docs.size <= COMMON_SHARE * N);
  return kept.length > 0 ? kept : perWord;
}

/** Documents matching every word ('and') or any ('or'). */
function combine(perWord: readonly Map<number, number[]>[], mode: 'and' | 'or'): number[] {
  if (mode === 'or') {
    const all = new Set<number>();
    for (const docs of perWord) for (const doc of docs.keys()) all.add(doc);
    return [...all];
  }
  const [smallest, ...rest] = [...perWord].sort((a, b) => a.size - b.size);
  return [...smallest!.keys()].filter((doc) => rest.every((docs) => docs.has(doc)));
}
