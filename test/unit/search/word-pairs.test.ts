import { describe, expect, it } from 'vitest';
import { docTerms } from '@/lib/search/search-tokens';
import { hasPairBit, PAIR_BYTES, pairBit, writePairs } from '@/lib/search/word-pairs';
import { termIsWord, wordBuckets } from '@/lib/search/word-postings';
import { createCatalog } from '@/lib/topics/catalog';
import { reachDocs } from '@/lib/topics/reach-docs';
import { RAW } from '@/lib/topics/reach-phrases';
import { changedTopics } from '@/lib/topics/reach-test';
import { CHANGES, variantPack } from '@/test/bench/reach-variants';
import { REACH_CATEGORIES, reachPapers } from '../helpers/reach-papers';

const CATEGORIES = REACH_CATEGORIES;
const papers = reachPapers;

function bitsOf(paper: { title: string; abstract: string }) {
  const bits = new Uint8Array(PAIR_BYTES);
  writePairs(paper, bits, 0);
  return (a: string, b: string) => hasPairBit(bits, 0, pairBit(a, b)!);
}

describe('which words stand side by side in a paper', () => {
  it('records each two neighbouring words of the title and of the abstract, by stem and by a capitalised spelling', () => {
    const has = bitsOf({ title: 'Synthetic data generation', abstract: 'We generate data with LLMs.' });
    expect(has('synthet', 'data')).toBe(true);
    expect(has('data', 'gener')).toBe(true);
    expect(has('gener', 'data')).toBe(true);
    expect(has('with', `${RAW}LLMs`)).toBe(true);
    expect(has('with', 'llm')).toBe(true);
    expect(has(`${RAW}We`, 'gener')).toBe(true);
    // Not neighbours: across the two fields, out of order, or apart.
    expect(has('gener', 'we')).toBe(false);
    expect(has('data', 'synthet')).toBe(false);
    expect(has('synthet', 'gener')).toBe(false);
  });

  it('cannot tell a spelling with no capital letter (never recorded)', () => {
    expect(pairBit(`${RAW}llm`, 'data')).toBeUndefined();
    expect(pairBit('data', `${RAW}LLM`)).toBeTypeOf('number');
  });

  it('narrows the rows a change can reach below the words alone, and keeps every row the reach test passes', () => {
    // The search index's words and pair bits of the real papers, as reach-candidates.ts reads them.
    const terms = papers.map((p) => [...docTerms(p).weights.keys()]);
    const docsOf = (word: string) =>
      wordBuckets(word) && terms.flatMap((list, doc) => (list.some((t) => termIsWord(t, word)) ? [doc] : []));
    const bits = new Uint8Array(papers.length * PAIR_BYTES);
    papers.forEach((p, i) => {
      writePairs(p, bits, i * PAIR_BYTES);
    });
    const pairs = (doc: number, bit: number) => hasPairBit(bits, doc * PAIR_BYTES, bit);
    let narrower = 0;
    for (const change of CHANGES) {
      const before = createCatalog(variantPack(change.old));
      const after = createCatalog(variantPack(change.now));
      const old = before.taggingState(CATEGORIES);
      const now = after.taggingState(CATEGORIES);
      const diff = changedTopics(old, now)!;
      const test = after.reach(old, now)!;
      const byWords = reachDocs(diff, docsOf, papers.length)!;
      const listed = reachDocs(diff, docsOf, papers.length, pairs)!;
      const passed = papers.flatMap((p, doc) => (test({ ...p, topics: [] } as never) ? [doc] : []));
      expect(
        passed.filter((doc) => !listed.includes(doc)),
        change.name,
      ).toEqual([]);
      expect(listed.every((doc) => byWords.includes(doc))).toBe(true);
      if (listed.length < byWords.length) narrower++;
    }
    expect(narrower).toBeGreaterThanOrEqual(3);
  }, 60_000);
});
