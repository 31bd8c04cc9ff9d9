import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it } from 'vitest';
import { BUILD_CHUNK, buildSearchIndex } from '@/lib/search/build-search';
import { appendPostings, readPostings } from '@/lib/search/postings';
import { runSearch, type SearchSource } from '@/lib/search/search-query';
import { SEARCH_FORMAT, searchState } from '@/lib/search/search-state';
import { searchTerms } from '@/lib/search/search-tokens';
import { createStoredSearch } from '@/lib/search/stored-search';
import { clearIndex } from '@/lib/store/clear-index';
import { openIndexDb } from '@/lib/store/open';
import { writePapers } from '@/lib/store/paper-writes';
import type { IndexDb } from '@/lib/store/schema';
import { TOKENIZER_VERSION } from '@/lib/text/words';
import { indexedPaper } from './indexed-paper';

let db: IndexDb;
beforeEach(async () => {
  globalThis.indexedDB = new IDBFactory();
  db = await openIndexDb('search-test');
});

const paper = indexedPaper;

const ids = (result: { hits: { id: string }[] }) => result.hits.map((h) => h.id);

describe('search terms', () => {
  it('folds case and accents, splits at punctuation, leaves out function words', () => {
    expect(searchTerms('The Schrödinger-Equation of GPT-4o, and 3D')).toEqual([
      'schrodinger',
      'equation',
      'gpt',
      '4o',
      '3d',
    ]);
  });
});

describe('posting buckets', () => {
  it('append in document order, read back by term or prefix, and refuse going back', () => {
    const first = appendPostings(
      undefined,
      0,
      'gra',
      new Map([['graph', [[3, 1] as const, [7, 3] as const]]]),
    );
    const next = appendPostings(
      first,
      0,
      'gra',
      new Map([
        ['graph', [[9, 2] as const]],
        ['gradient', [[8, 1] as const]],
      ]),
    );
    expect(
      readPostings(next, 'graph', false).map((l) => ({ ...l, docs: [...l.docs], weights: [...l.weights] })),
    ).toEqual([{ term: 'graph', docs: [3, 7, 9], weights: [1, 3, 2] }]);
    expect(readPostings(next, 'gra', true).map((l) => l.term)).toEqual(['gradient', 'graph']);
    expect(() => appendPostings(next, 0, 'gra', new Map([['graph', [[9, 1] as const]]]))).toThrow(/order/);
  });
});

describe('the stored search index', () => {
  it('is written with the papers and ranks title words over abstract words', async () => {
    await writePapers(db, [
      paper(1, 'Graph neural networks'),
      paper(2, 'Diffusion models', { abstract: 'We use graph priors for diffusion.' }),
      paper(3, 'Protein folding', { authors: ['Grace Hopper'] }),
    ]);
    const search = createStoredSearch(async () => db);
    expect(ids(await search.search({ text: 'graph' }))).toEqual(['2609.00001', '2609.00002']);
    // Every word must match; a word being typed matches the words it starts.
    expect(ids(await search.search({ text: 'graph diffusion' }))).toEqual(['2609.00002']);
    expect(ids(await search.search({ text: 'diffus' }))).toEqual(['2609.00002']);
    expect(ids(await search.search({ text: 'hopper' }))).toEqual(['2609.00003']);
    // 'or' (asking a topic): any word.
    expect(ids(await search.search({ text: 'protein graph', mode: 'or' })).sort()).toEqual([
      '2609.00001',
      '2609.00002',
      '2609.00003',
    ]);
    expect(ids(await search.search({ text: 'the of' }))).toEqual([]);
    expect(await search.size()).toBe(3);
  });

  it('filters by date and topic, counting facets before the topic filter', async () => {
    await writePapers(db, [
      paper(1, 'Graph learning', { topics: ['cs.LG', 'gnn'] }),
      paper(2, 'Graph theory', { topics: ['math.CO'] }),
    ]);
    const search = createStoredSearch(async () => db);
    const all = await search.search({ text: 'graph', topic: 'gnn' });
    expect(ids(all)).toEqual(['2609.00001']);
    expect(Object.fromEntries(all.facets)).toEqual({ 'cs.LG': 1, gnn: 1, 'math.CO': 1 });
    expect(ids(await search.search({ text: 'graph', topic: 'unknown' }))).toEqual([]);
    const t2 = paper(2, '').published;
    expect(ids(await search.search({ text: 'graph', from: t2 }))).toEqual(['2609.00002']);
    expect(ids(await search.search({ text: 'graph', to: t2 - 1 }))).toEqual(['2609.00001']);
  });

  it('re-tags without new postings, and re-indexes a paper whose text changed', async () => {
    await writePapers(db, [paper(1, 'Graph learning')]);
    const before = await db.getAll('searchPostings');
    await writePapers(db, [paper(1, 'Graph learning', { topics: ['gnn'] })]);
    expect(await db.getAll('searchPostings')).toEqual(before);
    const search = createStoredSearch(async () => db);
    expect(ids(await search.search({ text: 'graph', topic: 'gnn' }))).toEqual(['2609.00001']);
    expect((await db.get('papers', '2609.00001'))?.doc).toBe(0);

    await writePapers(db, [paper(1, 'Hypergraph learning')]);
    search.changed();
    expect(ids(await search.search({ text: 'graph' }))).toEqual([]);
    expect(ids(await search.search({ text: 'hypergraph' }))).toEqual(['2609.00001']);
    expect((await db.get('papers', '2609.00001'))?.doc).toBe(1);
    expect((await searchState.read(db)).live).toBe(1);
  });

  it('keeps a memory copy only until a write, and reads only the buckets of the words asked', async () => {
    await writePapers(db, [paper(1, 'Graph learning'), paper(2, 'Protein folding')]);
    const search = createStoredSearch(async () => db);
    expect(ids(await search.search({ text: 'protein' }))).toEqual(['2609.00002']);
    await writePapers(db, [paper(3, 'Protein design')]);
    search.changed();
    expect(ids(await search.search({ text: 'protein' })).sort()).toEqual(['2609.00002', '2609.00003']);

    const read: string[] = [];
    const stored = createStoredSearch(async () => db);
    const spy: SearchSource = {
      state: () => searchState.read(db),
      buckets: async (blocks, bucket) => {
        read.push(bucket);
        return Promise.all(blocks.map((b) => db.get('searchPostings', [b, bucket])));
      },
      bucketsFrom: async () => {
        throw new Error('no short words asked');
      },
      docBlocks: (blocks) => Promise.all(blocks.map((b) => db.get('searchDocs', b))),
    };
    expect(ids(await runSearch(spy, { text: 'protein folding' }))).toEqual(['2609.00002']);
    expect(read.sort()).toEqual(['fol', 'pro']);
    expect(await stored.size()).toBe(3);
  });

  it('is built from stored papers in chunks, resumes after a stop, and again for a new format', async () => {
    const papers = Array.from({ length: BUILD_CHUNK + 20 }, (_, i) =>
      paper(i, `Paper number ${i} about graphs`),
    );
    await writePapers(db, papers);
    // As an upgrade leaves it: rows without numbers, no state.
    const tx = db.transaction(['papers', 'meta', 'searchPostings', 'searchDocs'], 'readwrite');
    await Promise.all([tx.objectStore('searchPostings').clear(), tx.objectStore('searchDocs').clear()]);
    for (const p of papers) void tx.objectStore('papers').put({ ...p, doc: undefined });
    await tx.objectStore('meta').delete('search');
    await tx.done;

    // The worker stops after the first chunk.
    await expect(
      buildSearchIndex(
        db,
        () => undefined,
        async () => {
          throw new Error('worker stopped');
        },
      ),
    ).rejects.toThrow('worker stopped');
    expect((await searchState.read(db)).build).toMatchObject({ done: false });
    expect(
      await buildSearchIndex(
        db,
        () => undefined,
        async () => undefined,
      ),
    ).toBe(20);
    const search = createStoredSearch(async () => db);
    expect((await search.search({ text: 'graphs' })).hits).toHaveLength(papers.length);

    // A build of another format empties the index and builds it again.
    await searchState.write(db, { ...(await searchState.read(db)), format: SEARCH_FORMAT + 1 });
    expect(
      await buildSearchIndex(
        db,
        () => undefined,
        async () => undefined,
      ),
    ).toBe(papers.length);
    search.changed();
    expect((await search.search({ text: 'graphs' })).hits).toHaveLength(papers.length);
    expect((await searchState.read(db)).format).toBe(SEARCH_FORMAT);
  });

  it('is built again for another tokenizer, or one built before the tokenizer was recorded', async () => {
    const papers = Array.from({ length: 30 }, (_, i) => paper(i, `Paper number ${i} about graphs`));
    await writePapers(db, papers);
    const rebuild = () =>
      buildSearchIndex(
        db,
        () => undefined,
        async () => undefined,
      );
    expect(await rebuild()).toBe(0);
    expect((await searchState.read(db)).tokenizer).toBe(TOKENIZER_VERSION);
    for (const tokenizer of [TOKENIZER_VERSION + 1, undefined]) {
      await searchState.write(db, { ...(await searchState.read(db)), tokenizer });
      // A paper written meanwhile leaves an index of another tokenizer alone (it is about to be rebuilt).
      const before = await db.count('searchDocs');
      await writePapers(db, [paper(100, 'A late paper about graphs')]);
      expect(await db.count('searchDocs')).toBe(before);
      expect(await rebuild()).toBe(papers.length + 1);
      expect((await searchState.read(db)).tokenizer).toBe(TOKENIZER_VERSION);
      const search = createStoredSearch(async () => db);
      expect((await search.search({ text: 'graphs' })).hits).toHaveLength(papers.length + 1);
    }
  });

  it('is emptied with the index', async () => {
    await writePapers(db, [paper(1, 'Graph learning')]);
    await clearIndex(db);
    const search = createStoredSearch(async () => db);
    expect(await search.search({ text: 'graph' })).toMatchObject({ hits: [], searched: 0 });
    expect(
      await buildSearchIndex(
        db,
        () => undefined,
        async () => undefined,
      ),
    ).toBe(0);
    await writePapers(db, [paper(2, 'Graph theory')]);
    search.changed();
    expect(ids(await search.search({ text: 'graph' }))).toEqual(['2609.00002']);
  });
});
