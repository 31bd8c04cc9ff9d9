import { IDBFactory } from 'fake-indexeddb';
import { beforeAll, describe, expect, it } from 'vitest';
import { DOC_BLOCK } from '@/lib/search/doc-blocks';
import { POSTING_BLOCK } from '@/lib/search/postings';
import { COMMON_SHARE } from '@/lib/search/query-matches';
import type { SearchQuery } from '@/lib/search/search-query';
import { docTerms, searchTerms } from '@/lib/search/search-tokens';
import { createStoredSearch } from '@/lib/search/stored-search';
import { openIndexDb } from '@/lib/store/open';
import { writePapers } from '@/lib/store/paper-writes';
import { withTopicKeys } from '@/lib/store/papers';
import type { IndexDb, IndexedPaper } from '@/lib/store/schema';
import { random } from '../helpers/random';

/**
 * The stored index ranks as a plain BM25 over the papers as they now stand (after ingests and re-tags),
 * worked out here from the papers alone: same ids in the same order, same scores, same facets, over many
 * seeded queries, across more than one posting block. (A paper whose text changed is indexed again under a
 * new number; its old postings stay and still count in a word's document frequency until the index is
 * built again, so changed texts are left out here.)
 */

const rand = random(52);
const pick = <T>(list: readonly T[]) => list[Math.floor(rand() ** 2 * list.length)]!;
// Words that share prefixes (a word being typed matches several), from common to rare.
const VOCABULARY = [
  ...'learning learned learner model models graph graphs graphical neural network networks diffusion'.split(
    ' ',
  ),
  ...'reinforcement reward agent agentic agents decoding speculative detection hallucination protein'.split(
    ' ',
  ),
  ...'folding transformer transfer attention sparse spectral language large small vision robot policy'.split(
    ' ',
  ),
  ...Array.from({ length: 120 }, (_, i) => `term${i}x`),
];
const TOPICS = ['cs.LG', 'cs.CL', 'cs.AI', 'gnn', 'rl', 'llm', 'vision'];
const sentence = (n: number) => Array.from({ length: n }, () => pick(VOCABULARY)).join(' ');
// Published times repeat, so ties in score fall back to the time and then the id.
const BASE = Date.UTC(2026, 0, 1);

function paper(n: number): IndexedPaper {
  return withTopicKeys({
    id: `26${String(1 + (n % 12)).padStart(2, '0')}.${String(n).padStart(5, '0')}`,
    title: sentence(2 + Math.floor(rand() * 5)),
    abstract: sentence(4 + Math.floor(rand() * 12)),
    authors: [pick(['Ada Lovelace', 'Grace Hopper', 'Alan Turing', 'Emmy Noether'])],
    authorCount: 1,
    categories: ['cs.LG'],
    primary: 'cs.LG',
    published: BASE + Math.floor(rand() * 400) * 3_600_000,
    updated: 0,
    topics: TOPICS.filter(() => rand() < 0.3),
    tracked: true,
  });
}

type Doc = ReturnType<typeof docTerms> & { paper: IndexedPaper };

/** BM25 as search-query.ts defines it, over papers in memory (no blocks, no buckets, no cache). */
function reference(docs: readonly Doc[], query: SearchQuery) {
  const N = docs.length;
  const avg = docs.reduce((n, d) => n + d.length, 0) / N;
  const words = [...new Set(searchTerms(query.text))];
  const df = new Map<string, number>();
  for (const d of docs) for (const t of d.weights.keys()) df.set(t, (df.get(t) ?? 0) + 1);
  const matching = (d: Doc, word: string) => [...d.weights.keys()].filter((t) => t.startsWith(word));
  let asked = words;
  if (query.mode === 'or') {
    const common = words.filter(
      (w) => docs.filter((d) => matching(d, w).length > 0).length > COMMON_SHARE * N,
    );
    if (common.length < words.length) asked = words.filter((w) => !common.includes(w));
  }
  const found = docs.filter((d) =>
    query.mode === 'or'
      ? asked.some((w) => matching(d, w).length > 0)
      : words.every((w) => matching(d, w).length > 0),
  );
  const inRange = found.filter(
    (d) =>
      (query.from === undefined || d.paper.published >= query.from) &&
      (query.to === undefined || d.paper.published <= query.to),
  );
  const facets = new Map<string, number>();
  for (const d of inRange) for (const t of d.paper.topics) facets.set(t, (facets.get(t) ?? 0) + 1);
  const hits = inRange
    .filter((d) => query.topic === undefined || d.paper.topics.includes(query.topic))
    .map((d) => {
      const norm = 1.2 * (1 - 0.7 + (0.7 * d.length) / avg);
      let score = 0;
      for (const word of words) {
        for (const term of matching(d, word)) {
          const n = df.get(term)!;
          const idf = Math.log(1 + (N - n + 0.5) / (n + 0.5));
          const w = d.weights.get(term)!;
          score += (term === word ? 1 : 0.375) * idf * ((w * 2.2) / (w + norm));
        }
      }
      return { id: d.paper.id, score, published: d.paper.published };
    })
    .sort((a, b) => b.score - a.score || b.published - a.published || (a.id < b.id ? -1 : 1));
  return { hits, facets };
}

const QUERY_WORDS = [...VOCABULARY.slice(0, 40), 'lea', 'gr', 'ne', 'term1', 'spe', 'nothinghere'];
const queries: SearchQuery[] = Array.from({ length: 60 }, (_, i) => {
  const text = Array.from({ length: 1 + (i % 3) }, () => pick(QUERY_WORDS)).join(' ');
  const query: SearchQuery = { text, mode: i % 4 === 3 ? 'or' : 'and' };
  if (i % 5 === 1) query.topic = pick(TOPICS);
  if (i % 7 === 2) query.from = BASE + 100 * 3_600_000;
  if (i % 7 === 4) query.to = BASE + 300 * 3_600_000;
  return query;
});

type Hit = { id: string; score: number; published: number };

/**
 * The same papers with the same scores, in an order the plain ranking agrees with. Scores equal but for the
 * last bits of a float (the same sum added up in another order) count as equal: the time, then the id
 * decide between them.
 */
function expectSameRanking(got: readonly Hit[], want: readonly Hit[], label: string) {
  expect(got.map((h) => h.id).sort(), label).toEqual(want.map((h) => h.id).sort());
  const score = new Map(want.map((h) => [h.id, h.score]));
  for (const h of got) expect(h.score, label).toBeCloseTo(score.get(h.id)!, 9);
  for (let i = 0; i + 1 < got.length; i++) {
    const [a, b] = [got[i]!, got[i + 1]!];
    const [sa, sb] = [score.get(a.id)!, score.get(b.id)!];
    if (Math.abs(sa - sb) > 1e-9) expect(sa, label).toBeGreaterThan(sb);
    else if (a.published !== b.published) expect(a.published, label).toBeGreaterThan(b.published);
    else expect(a.id < b.id, label).toBe(true);
  }
}

let db: IndexDb;
let papers: IndexedPaper[];
beforeAll(async () => {
  globalThis.indexedDB = new IDBFactory();
  db = await openIndexDb('ranking-parity');
  // Past one posting block, so a query's matches come from two blocks of postings and documents.
  const count = POSTING_BLOCK + 600;
  papers = Array.from({ length: count }, (_, n) => paper(n));
  for (let i = 0; i < count; i += 4000) await writePapers(db, papers.slice(i, i + 4000));
  // A re-tag (topics only) of some.
  const changed = papers.map((p, n) =>
    n % 97 === 0 ? withTopicKeys({ ...p, topics: ['rl', 'robotics'] }) : p,
  );
  const written = changed.filter((p, n) => p !== papers[n]);
  await writePapers(db, written);
  papers = changed;
}, 120_000);

describe('the stored index ranks as BM25 over the papers as they stand', () => {
  it('spans more than one posting block and document block', async () => {
    expect(await db.count('searchDocs')).toBe(Math.ceil(papers.length / DOC_BLOCK));
    const postingBlocks = new Set((await db.getAll('searchPostings')).map((r) => r.block));
    expect(postingBlocks.size).toBe(2);
  });

  it('gives the same ids, order, scores and facets as the plain ranking, over 60 seeded queries', async () => {
    const search = createStoredSearch(async () => db);
    let matched = 0;
    const docs = papers.map((p) => ({ paper: p, ...docTerms(p) }));
    for (const query of queries) {
      const want = reference(docs, query);
      const got = await search.search(query);
      expectSameRanking(got.hits, want.hits, JSON.stringify(query));
      expect(Object.fromEntries(got.facets)).toEqual(Object.fromEntries(want.facets));
      expect(got.searched).toBe(papers.length);
      expect(got.total).toBe(want.hits.length);
      // A page of the best 7 is the first 7 of the whole ranking, with the same total and facets.
      const page = await search.search({ ...query, top: 7 });
      expect(page.hits).toEqual(got.hits.slice(0, 7));
      expect(page.total).toBe(got.total);
      expect(page.facets).toEqual(got.facets);
      matched += got.hits.length;
    }
    // The queries are not all empty: most find hundreds to thousands of papers.
    expect(matched).toBeGreaterThan(queries.length * 100);
  }, 120_000);
});
