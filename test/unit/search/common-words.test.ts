import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it } from 'vitest';
import { COMMON_SHARE } from '@/lib/search/query-matches';
import { createStoredSearch } from '@/lib/search/stored-search';
import { openIndexDb } from '@/lib/store/open';
import { writePapers } from '@/lib/store/paper-writes';
import type { IndexDb } from '@/lib/store/schema';
import { indexedPaper } from './indexed-paper';

let db: IndexDb;
beforeEach(async () => {
  globalThis.indexedDB = new IDBFactory();
  db = await openIndexDb('common-words-test');
});

const paper = (n: number, title: string) => indexedPaper(n, title, { abstract: `Abstract number ${n}.` });

/** 20 papers, all about a "model" (a word of every paper), 3 of them about proteins, 1 about folding. */
const PAPERS = Array.from({ length: 20 }, (_, i) =>
  paper(i + 1, i < 3 ? `A protein model ${i === 0 ? 'of folding' : ''}` : `A language model, part ${i}`),
);
const ids = (result: { hits: { id: string }[] }) => result.hits.map((h) => h.id);

describe("an 'or' question's very common words", () => {
  it('find no paper by themselves, but still count in the score of the papers the rarer words find', async () => {
    expect(COMMON_SHARE).toBeLessThan(1);
    await writePapers(db, PAPERS);
    const search = createStoredSearch(async () => db);
    const or = await search.search({ text: 'protein folding model', mode: 'or' });
    // "model" is in every paper: only the papers with "protein" or "folding" are candidates.
    expect(ids(or).sort()).toEqual(['2609.00001', '2609.00002', '2609.00003']);
    // Their scores are those every word gives (the same papers asked with "and" where they hold them all).
    const and = await search.search({ text: 'protein folding model' });
    expect(ids(and)).toEqual(['2609.00001']);
    expect(or.hits[0]!.id).toBe('2609.00001');
    expect(or.hits[0]!.score).toBeCloseTo(and.hits[0]!.score, 10);
    const proteinModel = await search.search({ text: 'protein model' });
    expect(or.hits.slice(1).map((h) => h.score)).toEqual(
      proteinModel.hits.filter((h) => h.id !== '2609.00001').map((h) => h.score),
    );
  });

  it('are the ranking as before for the top papers (a paper of only common words ranked below)', async () => {
    // Below the share, "protein" (3 of 20 = 15%) is no common word: every paper with either word is found.
    await writePapers(db, PAPERS);
    const search = createStoredSearch(async () => db);
    const or = await search.search({ text: 'protein model', mode: 'or' });
    const protein = await search.search({ text: 'protein', mode: 'or' });
    expect(ids(or)).toEqual(ids(protein));
    // Without the rule, the 17 papers of "model" alone would follow, each scoring under every protein paper.
    const model = await search.search({ text: 'model', mode: 'or' });
    const best = Math.max(...model.hits.filter((h) => !ids(or).includes(h.id)).map((h) => h.score));
    expect(Math.min(...or.hits.map((h) => h.score))).toBeGreaterThan(best);
  });

  it('are kept when every word of the question is that common', async () => {
    await writePapers(db, PAPERS);
    const search = createStoredSearch(async () => db);
    expect(ids(await search.search({ text: 'model', mode: 'or' }))).toHaveLength(20);
    expect(ids(await search.search({ text: 'model abstract', mode: 'or' }))).toHaveLength(20);
  });
});
